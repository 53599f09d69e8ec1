-- hearts-points: Hearts points per hand by player and by seat, with the share of hands taken clean (no point)
-- One row per player (its id) and per seat (pos, among 2 or 4 players),
-- over the hands whose points are known (logged, or the same under every
-- reading). cases = hands scoring 0, opportunities = hands. moons: hands
-- in which it shot the moon (determined hands).
WITH s AS (
  SELECT x.*, h.moon = x.pos AS shot FROM sel_seats x JOIN sel_hands h USING (game_id, hand)
  WHERE x.points IS NOT NULL
)
SELECT 'player' AS dimension, player AS value, count(*) AS hands, sum(points)::BIGINT AS points,
       round(avg(points), 2) AS points_per_hand, count(*) FILTER (WHERE shot) AS moons,
       count(*) FILTER (WHERE points = 0) AS cases, count(*) AS opportunities
FROM s WHERE player IS NOT NULL GROUP BY player
UNION ALL
SELECT 'seat', 'pos ' || pos || ' of ' || players, count(*), sum(points)::BIGINT, round(avg(points), 2),
       count(*) FILTER (WHERE shot), count(*) FILTER (WHERE points = 0), count(*)
FROM s GROUP BY pos, players
ORDER BY dimension, value
