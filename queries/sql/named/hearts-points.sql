-- hearts-points: Hearts points per hand by player and by seat, with the share of hands taken clean (no point)
-- rate: hands scoring no point, of hands.
-- One row per player (its id) and per seat (pos, among 2 or 4 players),
-- over the hands whose points are known (logged, or the same under every
-- reading). cases = hands scoring 0, opportunities = hands. moons: hands
-- in which it shot the moon (determined hands).
WITH g AS (
  SELECT player, pos, players, grouping(player) AS by_seat, count(*) AS hands, CAST(sum(points) AS BIGINT) AS points,
         round(avg(points), 2) AS points_per_hand, count(CASE WHEN moon THEN 1 END) AS moons,
         count(CASE WHEN points = 0 THEN 1 END) AS cases, count(*) AS opportunities
  FROM sel_seats
  WHERE points IS NOT NULL
  GROUP BY GROUPING SETS ((player), (pos, players))
)
SELECT CASE WHEN by_seat = 1 THEN 'seat' ELSE 'player' END AS dimension,
       CASE WHEN by_seat = 1 THEN 'pos ' || CAST(pos AS VARCHAR) || ' of ' || CAST(players AS VARCHAR) ELSE player END AS value,
       hands, points, points_per_hand, moons, cases, opportunities
FROM g
WHERE by_seat = 1 OR player IS NOT NULL
ORDER BY dimension, value
