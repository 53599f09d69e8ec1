-- rollup-blocks: the blocks (their first game ids) of the rollup groups
-- a build added (grp above $old), in order.
SELECT DISTINCT block FROM rollup_groups WHERE grp > $old ORDER BY block
