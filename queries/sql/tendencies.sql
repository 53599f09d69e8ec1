-- tendencies: per side, the rates the report compares between the players
-- and ranks as the opponent's tendencies (queries/tendencies.go names each
-- measure), as counts from which the rate and its spread over the rounds
-- are computed: every row is a side, a measure, the cases and the
-- opportunities one round gave the side, and how many rounds gave exactly
-- that many. This statement counts the selected games the rollups do not
-- cover whose ids are from $lo to $hi (tendencies-chunks.sql lists the
-- chunks of ids that hold some; a chunk at a time, the memory it takes
-- stays small whatever the number of games), with tendency-rounds.sql,
-- whose common table expressions replace the line {{tendency-rounds}};
-- tendencies-rolled.sql reads the rest from rollup_tendencies.
WITH t_games AS (SELECT game_id, 0 AS grp FROM raw_games WHERE game_id BETWEEN $lo AND $hi),
t_features AS (SELECT * FROM raw_features WHERE game_id BETWEEN $lo AND $hi),
t_rounds AS (SELECT * FROM raw_rounds WHERE game_id BETWEEN $lo AND $hi),
t_checks AS (SELECT * FROM raw_checks WHERE game_id BETWEEN $lo AND $hi),
{{tendency-rounds}}
SELECT CAST(side AS VARCHAR) AS side, measure, cases, opportunities, CAST(rounds AS BIGINT) AS rounds
FROM tendency_counts
WHERE side IN (SELECT side FROM sel_sides)
