-- rollup-tendencies-insert: inserts the rows rollup-tendencies.sql gave
-- for every block of a build, as lists of the same length, one per
-- column.
INSERT INTO rollup_tendencies (grp, side, measure, cases, opportunities, rounds)
SELECT CAST(unnest(CAST($grp AS BIGINT[])) AS INTEGER), CAST(unnest(CAST($side AS VARCHAR[])) AS side),
       unnest(CAST($measure AS VARCHAR[])), unnest(CAST($cases AS BIGINT[])),
       unnest(CAST($opportunities AS BIGINT[])), unnest(CAST($rounds AS BIGINT[]))
