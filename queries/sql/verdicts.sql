-- verdicts: the selected games' verified rounds by verify status: the
-- raw rows of the games the rollups do not cover, and rollup_verdicts for
-- the rollup groups the filters select whole (see prelude.sql).
SELECT CAST(status AS VARCHAR) AS status, CAST(sum(rounds) AS BIGINT) AS rounds
FROM (
  SELECT status, count(*) AS rounds FROM raw_checks GROUP BY status
  UNION ALL
  SELECT status, rounds FROM rollup_verdicts WHERE grp IN (SELECT grp FROM roll_groups)
) c
GROUP BY status
