-- hearts-queen: when the queen of spades falls, who dumps it and on whom (determined hands)
-- rate: hands in which the queen fell that way, of hands (dumped by: of hands holding it).
-- trick: cases = hands in which it fell in that trick, opportunities =
-- hands. dumped by: cases = hands in which the player played it while
-- void in the led suit, opportunities = hands in which it held the queen.
-- taken by: cases = hands in which the player took it, opportunities =
-- hands played. dumped on: cases = hands in which another player dumped it
-- on a trick it took, opportunities = hands played.
WITH h AS (SELECT queen_trick FROM sel_hands WHERE determined),
t AS (SELECT queen_trick, count(*) AS cases, sum(count(*)) OVER () AS opportunities FROM h GROUP BY queen_trick),
p AS (
  SELECT player, count(*) AS hands, count(CASE WHEN queen_held THEN 1 END) AS held,
         count(CASE WHEN queen_dumped THEN 1 END) AS dumped, count(CASE WHEN queen_taken THEN 1 END) AS taken,
         count(CASE WHEN queen_dumped_on THEN 1 END) AS dumped_on
  FROM sel_seats
  WHERE determined AND player IS NOT NULL
  GROUP BY player
),
r AS (
  SELECT 0 AS o, 'trick' AS dimension, lpad(CAST(queen_trick AS VARCHAR), 2, '0') AS value, cases,
         CAST(opportunities AS BIGINT) AS opportunities FROM t
  UNION ALL SELECT 1, 'dumped by', player, dumped, held FROM p
  UNION ALL SELECT 1, 'taken by', player, taken, hands FROM p
  UNION ALL SELECT 1, 'dumped on', player, dumped_on, hands FROM p
)
SELECT dimension, value, cases, opportunities FROM r
ORDER BY o, dimension, value
