-- hearts-first-heart: who takes the first heart of a hand, and in which trick hearts break (determined hands)
-- rate: hands in which that player took the first heart, or it fell in that trick, of hands.
-- player: cases = hands in which it took the trick of the first heart,
-- opportunities = hands played. trick: cases = hands in which the first
-- heart fell in that trick, opportunities = hands.
WITH t AS (
  SELECT broken_trick, count(*) AS cases, sum(count(*)) OVER () AS opportunities
  FROM sel_hands WHERE determined GROUP BY broken_trick
)
SELECT 'player' AS dimension, player AS value, count(CASE WHEN first_heart THEN 1 END) AS cases, count(*) AS opportunities
FROM sel_seats
WHERE determined AND player IS NOT NULL
GROUP BY player
UNION ALL
SELECT 'trick', lpad(CAST(broken_trick AS VARCHAR), 2, '0'), cases, CAST(opportunities AS BIGINT) FROM t
ORDER BY dimension, value
