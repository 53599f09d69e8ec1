-- discards: what is thrown, by rank, deadwood or melded card, best or not, and cards fed to the other player
-- rate: discards of that kind, of all discards (fed: of the discards the other player could take).
-- rank: cases = discards of that rank, opportunities = all discards.
-- deadwood: the discard was deadwood in a best arrangement of the eleven
-- cards (cases) among all discards. best: the discard left the least
-- deadwood possible. fed: the other player took the discard next (cases),
-- among discards it could take (not a round's last play), by rank.
WITH by_card AS (
  SELECT card, CAST(sum(thrown) AS BIGINT) AS thrown, CAST(sum(dead) AS BIGINT) AS dead,
         CAST(sum(best) AS BIGINT) AS best, CAST(sum(fed) AS BIGINT) AS fed, CAST(sum(feedable) AS BIGINT) AS feedable
  FROM (SELECT discarded AS card, count(*) AS thrown, count(CASE WHEN discard_dead THEN 1 END) AS dead,
               count(CASE WHEN discard_best THEN 1 END) AS best, count(CASE WHEN fed THEN 1 END) AS fed,
               count(fed) AS feedable
        FROM raw_features GROUP BY discarded
        UNION ALL
        SELECT card, discarded, discard_dead, discard_best, fed, feedable FROM roll_cards) c
  GROUP BY card
  HAVING sum(thrown) > 0
),
by_rank AS (
  SELECT k.rank_code AS r, k.rank AS rank_name, CAST(sum(b.thrown) AS BIGINT) AS thrown, CAST(sum(b.dead) AS BIGINT) AS dead,
         CAST(sum(b.best) AS BIGINT) AS best, CAST(sum(b.fed) AS BIGINT) AS fed, CAST(sum(b.feedable) AS BIGINT) AS feedable
  FROM by_card b JOIN cards k ON k.card = b.card
  GROUP BY k.rank_code, k.rank
),
total AS (
  SELECT CAST(coalesce(sum(thrown), 0) AS BIGINT) AS thrown, CAST(coalesce(sum(dead), 0) AS BIGINT) AS dead,
         CAST(coalesce(sum(best), 0) AS BIGINT) AS best, CAST(coalesce(sum(fed), 0) AS BIGINT) AS fed,
         CAST(coalesce(sum(feedable), 0) AS BIGINT) AS feedable
  FROM by_rank
),
breakdown AS (
  SELECT 'rank' AS dimension, r AS ord, rank_name AS value, thrown AS cases, (SELECT thrown FROM total) AS opportunities
  FROM by_rank
  UNION ALL
  SELECT 'deadwood card', 0, 'deadwood in a best arrangement', dead, thrown FROM total
  UNION ALL
  SELECT 'best discard', 0, 'left the least deadwood', best, thrown FROM total
  UNION ALL
  SELECT 'fed to the other player', -1, 'all', fed, feedable FROM total
  UNION ALL
  SELECT 'fed to the other player', r, rank_name, fed, feedable FROM by_rank
)
SELECT dimension, value, cases, opportunities FROM breakdown
ORDER BY CASE dimension WHEN 'rank' THEN 0 WHEN 'deadwood card' THEN 1 WHEN 'best discard' THEN 2 ELSE 3 END, ord
