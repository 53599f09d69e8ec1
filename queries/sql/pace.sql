-- pace: round length, stock draws and how rounds end
-- Every row counts rounds: cases = rounds of that kind, opportunities =
-- all rounds. ended by: Gin, Knock, or Drop after the 31st stock draw or
-- the 201-play cap. plays: rounds by length. stock draws: rounds by how
-- many cards were drawn from the stock.
WITH r AS (
  SELECT plays, stock_draws, action,
         CASE WHEN action = 'Gin' THEN 'Gin' WHEN action = 'Knock' THEN 'Knock'
              WHEN plays >= 201 THEN 'Drop: play cap' ELSE 'Drop: stock exhausted' END AS ended
  FROM sel_rounds
),
rows AS (
  SELECT 'ended by' AS dimension, min(CASE ended WHEN 'Gin' THEN 0 WHEN 'Knock' THEN 1 WHEN 'Drop: stock exhausted' THEN 2 ELSE 3 END) AS ord,
         ended AS value, count(*) AS cases, (SELECT count(*) FROM r) AS opportunities
  FROM r GROUP BY ended
  UNION ALL
  SELECT 'plays', least(plays // 10, 6), CASE WHEN plays >= 60 THEN '60+' ELSE (plays // 10 * 10)::VARCHAR || '-' || (plays // 10 * 10 + 9)::VARCHAR END,
         count(*), (SELECT count(*) FROM r)
  FROM r GROUP BY 2, 3
  UNION ALL
  SELECT 'stock draws', CASE WHEN stock_draws = 31 THEN 4 ELSE stock_draws // 8 END,
         CASE WHEN stock_draws = 31 THEN '31 (all)' ELSE (stock_draws // 8 * 8)::VARCHAR || '-' || least(stock_draws // 8 * 8 + 7, 30)::VARCHAR END,
         count(*), (SELECT count(*) FROM r)
  FROM r GROUP BY 2, 3
)
SELECT dimension, value, cases, opportunities FROM rows
ORDER BY CASE dimension WHEN 'ended by' THEN 0 WHEN 'plays' THEN 1 ELSE 2 END, ord
