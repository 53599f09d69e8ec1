-- hearts-moon: Hearts moon attempts and successes, by player (determined hands)
-- rate: attempts of hands played, then successes of attempts.
-- An attempt: after some trick the player had taken every point card
-- played so far, and at least 20 points (the queen of spades and seven
-- hearts); a success: it took all 26. Rows per player and for all
-- players: attempts (cases) out of hands played (opportunities), then
-- successes (cases) out of attempts (opportunities).
WITH p AS (
  SELECT coalesce(player, '(no file)') AS player, grouping(player) AS total,
         count(*) AS hands, count(CASE WHEN moon_attempt THEN 1 END) AS attempts, count(CASE WHEN moon THEN 1 END) AS moons
  FROM sel_seats
  WHERE determined
  GROUP BY GROUPING SETS ((player), ())
)
SELECT player, measure, cases, opportunities FROM (
  SELECT total, CASE WHEN total = 1 THEN 'all' ELSE player END AS player, 'attempt' AS measure, attempts AS cases, hands AS opportunities FROM p
  UNION ALL
  SELECT total, CASE WHEN total = 1 THEN 'all' ELSE player END, 'success', moons, attempts FROM p
) m
ORDER BY total DESC, player, measure
