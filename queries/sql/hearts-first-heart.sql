-- hearts-first-heart: who takes the first heart of a hand, and in which trick hearts break (determined hands)
-- player: cases = hands in which it took the trick of the first heart,
-- opportunities = hands played. trick: cases = hands in which the first
-- heart fell in that trick, opportunities = hands.
WITH h AS (SELECT * FROM sel_hands WHERE determined)
SELECT 'player' AS dimension, s.player AS value, count(*) FILTER (WHERE h.first_heart = s.pos) AS cases, count(*) AS opportunities
FROM sel_seats s JOIN h USING (game_id, hand)
WHERE s.player IS NOT NULL
GROUP BY s.player
UNION ALL
SELECT 'trick', lpad(t.trick::VARCHAR, 2, '0'), count(h.game_id), (SELECT count(*) FROM h)
FROM (SELECT DISTINCT broken_trick AS trick FROM h) t LEFT JOIN h ON h.broken_trick = t.trick
GROUP BY t.trick
ORDER BY dimension, value
