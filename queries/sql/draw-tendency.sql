-- draw-tendency: how often the face-up card is taken, overall and by rank, suit, relation to the hand, stock left and turn
-- cases = plays that took the face-up card, opportunities = plays offered
-- it (every play). relation: meld (it joins a meld of every best
-- arrangement of the hand plus it), combo (a held card of its rank, or of
-- its suit within two ranks), none. phase: stock left when the turn began,
-- early (21-31), middle (11-20), late (0-10).
WITH offers AS (
  SELECT top AS card, top_relation AS relation,
         CASE WHEN stock_left > 20 THEN 0 WHEN stock_left > 10 THEN 1 ELSE 2 END AS ph,
         least(turn, 9) AS t, from_discard
  FROM sel_features
),
by_offer AS (
  SELECT card, relation, ph, t, count(CASE WHEN from_discard THEN 1 END) AS taken, count(*) AS offered
  FROM offers GROUP BY card, relation, ph, t
),
f AS (
  SELECT k.rank_code AS r, k.rank AS rank_name, k.suit_code AS s, k.suit AS suit_name,
         l.ord AS rel, CAST(l.relation AS VARCHAR) AS relation_name, b.ph, b.t, b.taken, b.offered
  FROM by_offer b JOIN cards k ON k.card = b.card JOIN relations l ON l.relation = b.relation
),
g AS (
  SELECT r, rank_name, s, suit_name, rel, relation_name, ph, t,
         CAST(coalesce(sum(taken), 0) AS BIGINT) AS cases, CAST(coalesce(sum(offered), 0) AS BIGINT) AS opportunities
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
