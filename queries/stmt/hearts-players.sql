-- hearts-players: per player (with a file), its hands with known points,
-- points per hand, hands taken clean, and from the determined hands: hands
-- played, moon attempts, queens held and dumped, open leads and heart
-- leads, first hearts taken. The $top players with the most hands, by id.
WITH s AS (
  SELECT x.*, h.moon_attempt = x.pos AS attempt, h.queen_by = x.pos AS held_queen,
         h.queen_by = x.pos AND h.queen_dumped AS dumped_queen, h.first_heart = x.pos AS first_heart
  FROM sel_seats x JOIN sel_hands h USING (game_id, hand)
  WHERE x.player IS NOT NULL
),
p AS (
  SELECT player, count(*) FILTER (WHERE points IS NOT NULL) AS hands, avg(points) AS points_per_hand,
         count(*) FILTER (WHERE points = 0) AS clean,
         count(*) FILTER (WHERE determined) AS determined, count(*) FILTER (WHERE determined AND attempt) AS attempts,
         count(*) FILTER (WHERE determined AND held_queen) AS queens, count(*) FILTER (WHERE determined AND dumped_queen) AS dumped,
         coalesce(sum(leads_open), 0)::BIGINT AS leads_open, coalesce(sum(heart_leads_open), 0)::BIGINT AS heart_leads,
         count(*) FILTER (WHERE determined AND first_heart) AS first_hearts
  FROM s GROUP BY player
)
SELECT player, hands, coalesce(points_per_hand, 0), clean, determined, attempts, queens, dumped, leads_open, heart_leads, first_hearts
FROM (SELECT * FROM p ORDER BY hands DESC, player LIMIT $top)
ORDER BY player
