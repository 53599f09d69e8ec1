-- draw-tendency: how often the face-up card is taken, overall and by rank, suit, relation to the hand, stock left and turn
-- rate: plays that took the face-up card, of plays offered it.
-- cases = plays that took the face-up card, opportunities = plays offered
-- it (every play). relation: meld (it joins a meld of every best
-- arrangement of the hand plus it), combo (a held card of its rank, or of
-- its suit within two ranks), none. phase: stock left when the turn began,
-- in the fit's six phases (29-31, 26-28, 23-25, 19-22, 13-18, 0-12).
WITH offers AS (
  SELECT x.top AS card, x.top_relation AS relation, p.ph, least(x.turn, 9) AS t, x.from_discard
  FROM sel_features x JOIN phases p ON x.stock_left BETWEEN p.low_left AND p.high_left
),
by_offer AS (
  SELECT card, relation, ph, t, count(CASE WHEN from_discard THEN 1 END) AS taken, count(*) AS offered
  FROM offers GROUP BY card, relation, ph, t
),
f AS (
  SELECT k.rank_code AS r, k.rank AS rank_name, k.suit_code AS s, k.suit AS suit_name,
         l.ord AS rel, CAST(l.relation AS VARCHAR) AS relation_name, b.ph, p.phase_name, b.t, b.taken, b.offered
  FROM by_offer b JOIN cards k ON k.card = b.card JOIN relations l ON l.relation = b.relation
       JOIN phases p ON p.ph = b.ph
),
g AS (
  SELECT r, rank_name, s, suit_name, rel, relation_name, ph, phase_name, t,
         CAST(coalesce(sum(taken), 0) AS BIGINT) AS cases, CAST(coalesce(sum(offered), 0) AS BIGINT) AS opportunities
  FROM f
  GROUP BY GROUPING SETS ((), (r, rank_name), (s, suit_name), (rel, relation_name), (ph, phase_name), (t))
)
SELECT CASE WHEN r IS NOT NULL THEN 'rank' WHEN s IS NOT NULL THEN 'suit' WHEN rel IS NOT NULL THEN 'relation'
            WHEN ph IS NOT NULL THEN 'phase' WHEN t IS NOT NULL THEN 'turn' ELSE 'overall' END AS dimension,
       CASE WHEN r IS NOT NULL THEN rank_name
            WHEN s IS NOT NULL THEN suit_name
            WHEN rel IS NOT NULL THEN relation_name
            WHEN ph IS NOT NULL THEN phase_name
            WHEN t IS NOT NULL THEN CASE WHEN t >= 9 THEN '9+' ELSE CAST(t AS VARCHAR) END
            ELSE 'all' END AS value,
       cases, opportunities
FROM g
ORDER BY CASE WHEN r IS NOT NULL THEN 1 WHEN s IS NOT NULL THEN 2 WHEN rel IS NOT NULL THEN 3
              WHEN ph IS NOT NULL THEN 4 WHEN t IS NOT NULL THEN 5 ELSE 0 END, coalesce(r, s, rel, ph, t, 0)
