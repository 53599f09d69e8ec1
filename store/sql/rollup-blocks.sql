-- rollup-blocks: the blocks that have rollup groups (see
-- queries/sql/rollup-groups.sql), each with the block size.
SELECT DISTINCT block, block_games FROM rollup_groups
