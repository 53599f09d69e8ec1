-- rollup-last: the greatest rollup group (0 for none) and the block size
-- of the groups (0 for none).
SELECT coalesce(max(grp), 0), coalesce(max(block_games), 0) FROM rollup_groups
