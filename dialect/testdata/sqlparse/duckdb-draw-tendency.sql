-- draw-tendency: how often the face-up card is taken, overall and by rank, suit, relation to the hand, stock left and turn
-- cases = plays that took the face-up card, opportunities = plays offered
-- it (every play). relation: meld (it joins a meld of every best
-- arrangement of the hand plus it), combo (a held card of its rank, or of
-- its suit within two ranks), none. phase: stock left when the turn began,
-- early (21-31), middle (11-20), late (0-10).
WITH f AS (
  SELECT enum_code(top) % 13 AS r, enum_code(top) // 13 AS s, enum_code(top_relation) AS rel,
         CASE WHEN stock_left > 20 THEN 0 WHEN stock_left > 10 THEN 1 ELSE 2 END AS ph,
         least(turn, 9) AS t, from_discard
  FROM sel_features
),
g AS (
  SELECT r, s, rel, ph, t, grouping(r, s, rel, ph, t) AS gid,
         count(*) FILTER (WHERE from_discard) AS cases, count(*) AS opportunities
  FROM f
  GROUP BY GROUPING SETS ((), (r), (s), (rel), (ph), (t))
)
SELECT CASE WHEN r IS NOT NULL THEN 'rank' WHEN s IS NOT NULL THEN 'suit' WHEN rel IS NOT NULL THEN 'relation'
            WHEN ph IS NOT NULL THEN 'phase' WHEN t IS NOT NULL THEN 'turn' ELSE 'overall' END AS dimension,
       CASE WHEN r IS NOT NULL THEN substr(enum_range(NULL::card)[r + 1]::VARCHAR, 2)
            WHEN s IS NOT NULL THEN left(enum_range(NULL::card)[13 * s + 1]::VARCHAR, 1)
            WHEN rel IS NOT NULL THEN enum_range(NULL::relation)[rel + 1]::VARCHAR
            WHEN ph IS NOT NULL THEN ['early','middle','late'][ph + 1]
            WHEN t IS NOT NULL THEN CASE WHEN t >= 9 THEN '9+' ELSE t::VARCHAR END
            ELSE 'all' END AS value,
       cases, opportunities
FROM g
WHERE gid IN (31, 15, 23, 27, 29, 30)
ORDER BY CASE gid WHEN 31 THEN 0 WHEN 15 THEN 1 WHEN 23 THEN 2 WHEN 27 THEN 3 WHEN 29 THEN 4 ELSE 5 END, coalesce(r, s, rel, ph, t, 0)
