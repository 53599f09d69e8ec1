-- draw-tendency: how often the face-up card is taken, overall and by rank, suit, relation to the hand, stock left and turn
-- cases = plays that took the face-up card, opportunities = plays offered
-- it (every play). relation: meld (it joins a meld of every best
-- arrangement of the hand plus it), combo (a held card of its rank, or of
-- its suit within two ranks), none. phase: stock left when the turn began,
-- early (21-31), middle (11-20), late (0-10).
WITH f AS (
  SELECT enum_code(top) AS code, top_relation, stock_left, turn, from_discard FROM sel_features
),
dims AS (
  SELECT 'overall' AS dimension, 0 AS ord, 'all' AS value, from_discard FROM f
  UNION ALL
  SELECT 'rank', code % 13, ['A','2','3','4','5','6','7','8','9','10','J','Q','K'][code % 13 + 1], from_discard FROM f
  UNION ALL
  SELECT 'suit', code // 13, ['S','C','D','H'][code // 13 + 1], from_discard FROM f
  UNION ALL
  SELECT 'relation', enum_code(top_relation), top_relation::VARCHAR, from_discard FROM f
  UNION ALL
  SELECT 'phase', CASE WHEN stock_left > 20 THEN 0 WHEN stock_left > 10 THEN 1 ELSE 2 END,
         CASE WHEN stock_left > 20 THEN 'early' WHEN stock_left > 10 THEN 'middle' ELSE 'late' END, from_discard FROM f
  UNION ALL
  SELECT 'turn', least(turn, 9), CASE WHEN turn >= 9 THEN '9+' ELSE turn::VARCHAR END, from_discard FROM f
)
SELECT dimension, value, count(*) FILTER (WHERE from_discard) AS cases, count(*) AS opportunities
FROM dims
GROUP BY dimension, ord, value
ORDER BY CASE dimension WHEN 'overall' THEN 0 WHEN 'rank' THEN 1 WHEN 'suit' THEN 2 WHEN 'relation' THEN 3 WHEN 'phase' THEN 4 ELSE 5 END, ord
