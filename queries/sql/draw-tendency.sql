-- draw-tendency: how often the face-up card is taken, overall and by rank, suit, relation to the hand, stock left and turn
-- cases = plays that took the face-up card, opportunities = plays offered
-- it (every play). relation: meld (it joins a meld of every best
-- arrangement of the hand plus it), combo (a held card of its rank, or of
-- its suit within two ranks), none. phase: stock left when the turn began,
-- early (21-31), middle (11-20), late (0-10).
WITH f AS (
  SELECT k.rank_code AS r, k.rank AS rank_name, k.suit_code AS s, k.suit AS suit_name,
         l.ord AS rel, CAST(l.relation AS VARCHAR) AS relation_name,
         CASE WHEN x.stock_left > 20 THEN 0 WHEN x.stock_left > 10 THEN 1 ELSE 2 END AS ph,
         least(x.turn, 9) AS t, x.from_discard
  FROM sel_features x JOIN cards k ON k.card = x.top JOIN relations l ON l.relation = x.top_relation
),
g AS (
  SELECT r, rank_name, s, suit_name, rel, relation_name, ph, t,
         count(CASE WHEN from_discard THEN 1 END) AS cases, count(*) AS opportunities
  FROM f
  GROUP BY GROUPING SETS ((), (r, rank_name), (s, suit_name), (rel, relation_name), (ph), (t))
)
SELECT CASE WHEN r IS NOT NULL THEN 'rank' WHEN s IS NOT NULL THEN 'suit' WHEN rel IS NOT NULL THEN 'relation'
            WHEN ph IS NOT NULL THEN 'phase' WHEN t IS NOT NULL THEN 'turn' ELSE 'overall' END AS dimension,
       CASE WHEN r IS NOT NULL THEN rank_name
            WHEN s IS NOT NULL THEN suit_name
            WHEN rel IS NOT NULL THEN relation_name
            WHEN ph IS NOT NULL THEN CASE ph WHEN 0 THEN 'early' WHEN 1 THEN 'middle' ELSE 'late' END
            WHEN t IS NOT NULL THEN CASE WHEN t >= 9 THEN '9+' ELSE CAST(t AS VARCHAR) END
            ELSE 'all' END AS value,
       cases, opportunities
FROM g
ORDER BY CASE WHEN r IS NOT NULL THEN 1 WHEN s IS NOT NULL THEN 2 WHEN rel IS NOT NULL THEN 3
              WHEN ph IS NOT NULL THEN 4 WHEN t IS NOT NULL THEN 5 ELSE 0 END, coalesce(r, s, rel, ph, t, 0)
