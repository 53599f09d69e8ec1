-- tendencies: per side, the rates the report compares between the players
-- and ranks as the opponent's tendencies (queries/tendencies.go names each
-- measure), as counts from which the rate and its spread over the rounds
-- are computed: every row is a side, a measure, the cases and the
-- opportunities one round gave the side, and how many of the selected
-- rounds gave exactly that many. What a round gives is counted by
-- tendency-rounds.sql (its common table expressions replace the line
-- {{tendency-rounds}}) from the raw rows of the selected games the rollups
-- do not cover, and read from rollup_tendencies for the rollup groups the
-- filters select whole (see prelude.sql), so both count alike.
WITH t_games AS (SELECT game_id, 0 AS grp FROM raw_games),
t_features AS (SELECT * FROM raw_features),
t_rounds AS (SELECT * FROM raw_rounds),
t_checks AS (SELECT * FROM raw_checks),
{{tendency-rounds}},
roll_tendencies AS (
  SELECT x.* FROM rollup_tendencies x
  WHERE x.grp IN (SELECT grp FROM roll_groups) AND x.side IN (SELECT side FROM sel_sides)
),
counts AS (
  SELECT side, measure, cases, opportunities, rounds FROM tendency_counts WHERE side IN (SELECT side FROM sel_sides)
  UNION ALL
  SELECT side, measure, cases, opportunities, rounds FROM roll_tendencies
)
SELECT CAST(side AS VARCHAR) AS side, measure, cases, opportunities, CAST(sum(rounds) AS BIGINT) AS rounds
FROM counts
GROUP BY ALL
ORDER BY side, measure, cases, opportunities
