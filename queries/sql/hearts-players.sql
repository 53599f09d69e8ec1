-- hearts-players: per player (with a file), its hands with known points,
-- points per hand, hands taken clean, and from the determined hands: hands
-- played, moon attempts, queens held and dumped, open leads and heart
-- leads, first hearts taken. The $top players with the most hands, by id.
WITH p AS (
  SELECT player, count(*) FILTER (WHERE points IS NOT NULL) AS hands, avg(points) AS points_per_hand,
         count(*) FILTER (WHERE points = 0) AS clean,
         count(*) FILTER (WHERE determined) AS determined, count(*) FILTER (WHERE moon_attempt) AS attempts,
         count(*) FILTER (WHERE queen_held) AS queens, count(*) FILTER (WHERE queen_dumped) AS dumped,
         coalesce(sum(leads_open), 0)::BIGINT AS leads_open, coalesce(sum(heart_leads_open), 0)::BIGINT AS heart_leads,
         count(*) FILTER (WHERE first_heart) AS first_hearts
  FROM sel_seats
  WHERE player IS NOT NULL
  GROUP BY player
)
SELECT player, hands, coalesce(points_per_hand, 0), clean, determined, attempts, queens, dumped, leads_open, heart_leads, first_hearts
FROM (SELECT * FROM p ORDER BY hands DESC, player LIMIT $top)
ORDER BY player
