-- discards: what is thrown, by rank, deadwood or melded card, best or not, and cards fed to the other player
-- rank: cases = discards of that rank, opportunities = all discards.
-- deadwood: the discard was deadwood in a best arrangement of the eleven
-- cards (cases) among all discards. best: the discard left the least
-- deadwood possible. fed: the other player took the discard next (cases),
-- among discards it could take (not a round's last play), by rank.
WITH d AS (
  SELECT enum_code(discarded) % 13 AS r, discard_dead, discard_best, fed FROM sel_features
),
names AS (SELECT list_transform(enum_range(NULL::card)[1:13], c -> substr(c::VARCHAR, 2)) AS n),
rows AS (
  SELECT 'rank' AS dimension, r AS ord, (SELECT n FROM names)[r + 1] AS value, count(*) AS cases,
         (SELECT count(*) FROM d) AS opportunities
  FROM d GROUP BY r
  UNION ALL
  SELECT 'deadwood card', 0, 'deadwood in a best arrangement', count(*) FILTER (WHERE discard_dead), count(*) FROM d
  UNION ALL
  SELECT 'best discard', 0, 'left the least deadwood', count(*) FILTER (WHERE discard_best), count(*) FROM d
  UNION ALL
  SELECT 'fed to the other player', -1, 'all', count(*) FILTER (WHERE fed), count(*) FILTER (WHERE fed IS NOT NULL) FROM d
  UNION ALL
  SELECT 'fed to the other player', r, (SELECT n FROM names)[r + 1], count(*) FILTER (WHERE fed), count(*) FILTER (WHERE fed IS NOT NULL)
  FROM d GROUP BY r
)
SELECT dimension, value, cases, opportunities FROM rows
ORDER BY CASE dimension WHEN 'rank' THEN 0 WHEN 'deadwood card' THEN 1 WHEN 'best discard' THEN 2 ELSE 3 END, ord
