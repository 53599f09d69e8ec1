-- hearts-queen: when the queen of spades falls, who dumps it and on whom (determined hands)
-- trick: cases = hands in which it fell in that trick, opportunities =
-- hands. dumped by: cases = hands in which the player played it while
-- void in the led suit, opportunities = hands in which it held the queen.
-- taken by: cases = hands in which the player took it, opportunities =
-- hands played. dumped on: cases = hands in which another player dumped it
-- on a trick it took, opportunities = hands played.
WITH h AS (SELECT * FROM sel_hands WHERE determined),
s AS (SELECT x.* FROM sel_seats x WHERE x.determined AND x.player IS NOT NULL),
r AS (
SELECT 'trick' AS dimension, lpad(t.trick::VARCHAR, 2, '0') AS value,
       count(h.game_id) AS cases, (SELECT count(*) FROM h) AS opportunities
FROM (SELECT DISTINCT queen_trick AS trick FROM h) t LEFT JOIN h ON h.queen_trick = t.trick
GROUP BY t.trick
UNION ALL
SELECT 'dumped by', s.player, count(*) FILTER (WHERE h.queen_dumped), count(*)
FROM s JOIN h USING (game_id, hand) WHERE h.queen_by = s.pos GROUP BY s.player
UNION ALL
SELECT 'taken by', s.player, count(*) FILTER (WHERE h.queen_to = s.pos), count(*)
FROM s JOIN h USING (game_id, hand) GROUP BY s.player
UNION ALL
SELECT 'dumped on', s.player, count(*) FILTER (WHERE h.queen_to = s.pos AND h.queen_dumped AND h.queen_by <> s.pos), count(*)
FROM s JOIN h USING (game_id, hand) GROUP BY s.player
)
SELECT * FROM r
ORDER BY dimension = 'trick' DESC, dimension, value
