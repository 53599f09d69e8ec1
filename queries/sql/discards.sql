-- discards: what is thrown, by rank, deadwood or melded card, best or not, and cards fed to the other player
-- rank: cases = discards of that rank, opportunities = all discards.
-- deadwood: the discard was deadwood in a best arrangement of the eleven
-- cards (cases) among all discards. best: the discard left the least
-- deadwood possible. fed: the other player took the discard next (cases),
-- among discards it could take (not a round's last play), by rank.
WITH d AS (
  SELECT k.rank_code AS r, k.rank AS rank_name, x.discard_dead, x.discard_best, x.fed
  FROM sel_features x JOIN cards k ON k.card = x.discarded
),
breakdown AS (
  SELECT 'rank' AS dimension, r AS ord, rank_name AS value, count(*) AS cases,
         (SELECT count(*) FROM d) AS opportunities
  FROM d GROUP BY r, rank_name
  UNION ALL
  SELECT 'deadwood card', 0, 'deadwood in a best arrangement', count(CASE WHEN discard_dead THEN 1 END), count(*) FROM d
  UNION ALL
  SELECT 'best discard', 0, 'left the least deadwood', count(CASE WHEN discard_best THEN 1 END), count(*) FROM d
  UNION ALL
  SELECT 'fed to the other player', -1, 'all', count(CASE WHEN fed THEN 1 END), count(fed) FROM d
  UNION ALL
  SELECT 'fed to the other player', r, rank_name, count(CASE WHEN fed THEN 1 END), count(fed)
  FROM d GROUP BY r, rank_name
)
SELECT dimension, value, cases, opportunities FROM breakdown
ORDER BY CASE dimension WHEN 'rank' THEN 0 WHEN 'deadwood card' THEN 1 WHEN 'best discard' THEN 2 ELSE 3 END, ord
