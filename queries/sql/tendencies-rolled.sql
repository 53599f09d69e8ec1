-- tendencies-rolled: the tendencies' counts (see tendencies.sql) of the
-- rollup groups the filters select whole (see prelude.sql), from
-- rollup_tendencies.
SELECT CAST(side AS VARCHAR) AS side, measure, cases, opportunities, CAST(sum(rounds) AS BIGINT) AS rounds
FROM rollup_tendencies
WHERE grp IN (SELECT grp FROM roll_groups) AND side IN (SELECT side FROM sel_sides)
GROUP BY ALL
