-- forget-blocks: the rollup groups of the blocks whose first game ids are
-- in the list $1, when a verify replaces results of their games; the next
-- rollup build (queries/sql/rollup-groups.sql) adds them again.
DELETE FROM rollup_groups WHERE block IN (SELECT unnest($1::BIGINT[]))
