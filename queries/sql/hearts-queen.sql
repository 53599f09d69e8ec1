-- hearts-queen: when the queen of spades falls, who dumps it and on whom (determined hands)
-- trick: cases = hands in which it fell in that trick, opportunities =
-- hands. dumped by: cases = hands in which the player played it while
-- void in the led suit, opportunities = hands in which it held the queen.
-- taken by: cases = hands in which the player took it, opportunities =
-- hands played. dumped on: cases = hands in which another player dumped it
-- on a trick it took, opportunities = hands played.
WITH h AS (SELECT queen_trick FROM sel_hands WHERE determined),
t AS (SELECT queen_trick, count(*) AS cases, sum(count(*)) OVER () AS opportunities FROM h GROUP BY queen_trick),
p AS (
  SELECT player, count(*) AS hands, count(*) FILTER (WHERE queen_held) AS held, count(*) FILTER (WHERE queen_dumped) AS dumped,
         count(*) FILTER (WHERE queen_taken) AS taken, count(*) FILTER (WHERE queen_dumped_on) AS dumped_on
  FROM sel_seats
  WHERE determined AND player IS NOT NULL
  GROUP BY player
),
r AS (
  SELECT 'trick' AS dimension, lpad(queen_trick::VARCHAR, 2, '0') AS value, cases, opportunities::BIGINT AS opportunities FROM t
  UNION ALL SELECT 'dumped by', player, dumped, held FROM p
  UNION ALL SELECT 'taken by', player, taken, hands FROM p
  UNION ALL SELECT 'dumped on', player, dumped_on, hands FROM p
)
SELECT * FROM r
ORDER BY dimension = 'trick' DESC, dimension, value
