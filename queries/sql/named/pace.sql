-- pace: round length, stock draws and how rounds end
-- rate: rounds of that kind, of all rounds.
-- Every row counts rounds: cases = rounds of that kind, opportunities =
-- all rounds. ended by: Gin, Knock, or Drop after the 31st stock draw or
-- the 201-play cap. plays: rounds by length. stock draws: rounds by how
-- many cards were drawn from the stock.
WITH cells AS (
  SELECT action, plays, stock_draws, count(*) AS rounds FROM raw_rounds GROUP BY action, plays, stock_draws
  UNION ALL
  SELECT action, plays, stock_draws, rounds FROM roll_rounds
),
r AS (
  SELECT plays, stock_draws, rounds,
         CASE WHEN action = 'Gin' THEN 'Gin' WHEN action = 'Knock' THEN 'Knock'
              WHEN plays >= 201 THEN 'Drop: play cap' ELSE 'Drop: stock exhausted' END AS ended
  FROM cells
),
total AS (SELECT CAST(coalesce(sum(rounds), 0) AS BIGINT) AS n FROM r),
b AS (
  SELECT ended, CASE ended WHEN 'Gin' THEN 0 WHEN 'Knock' THEN 1 WHEN 'Drop: stock exhausted' THEN 2 ELSE 3 END AS ended_ord,
         least(plays - plays % 10, 60) AS plays_from,
         CASE WHEN stock_draws = 31 THEN 32 ELSE stock_draws - stock_draws % 8 END AS draws_from, rounds
  FROM r
),
breakdown AS (
  SELECT 'ended by' AS dimension, ended_ord AS ord, ended AS value, CAST(sum(rounds) AS BIGINT) AS cases,
         (SELECT n FROM total) AS opportunities
  FROM b GROUP BY ended_ord, ended
  UNION ALL
  SELECT 'plays', plays_from,
         CASE WHEN plays_from >= 60 THEN '60+' ELSE CAST(plays_from AS VARCHAR) || '-' || CAST(plays_from + 9 AS VARCHAR) END,
         CAST(sum(rounds) AS BIGINT), (SELECT n FROM total)
  FROM b GROUP BY plays_from
  UNION ALL
  SELECT 'stock draws', draws_from,
         CASE WHEN draws_from = 32 THEN '31 (all)' ELSE CAST(draws_from AS VARCHAR) || '-' || CAST(least(draws_from + 7, 30) AS VARCHAR) END,
         CAST(sum(rounds) AS BIGINT), (SELECT n FROM total)
  FROM b GROUP BY draws_from
)
SELECT dimension, value, cases, opportunities FROM breakdown
ORDER BY CASE dimension WHEN 'ended by' THEN 0 WHEN 'plays' THEN 1 ELSE 2 END, ord
