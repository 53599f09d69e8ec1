-- rollup-last: the greatest rollup group (0 for none).
SELECT coalesce(max(grp), 0) FROM rollup_groups
