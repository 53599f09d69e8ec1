-- hearts-voids: when each player runs out of each suit (determined hands)
-- rate: hands void in the suit by the middle of the hand or dealt void, of hands.
-- One row per player and suit: hands played, dealt_void (dealt no card of
-- the suit), mean_trick (the mean trick after which it held none, over the
-- hands it was dealt some); cases = hands in which it was void by the
-- middle of the hand (trick 6 of 13, 13 of 26) or dealt void,
-- opportunities = hands.
WITH p AS (
  SELECT player, count(*) AS hands,
         count(CASE WHEN void_s = 0 THEN 1 END) AS dealt_s, avg(CASE WHEN void_s > 0 THEN void_s END) AS mean_s,
         count(CASE WHEN void_s * players <= 26 THEN 1 END) AS early_s,
         count(CASE WHEN void_c = 0 THEN 1 END) AS dealt_c, avg(CASE WHEN void_c > 0 THEN void_c END) AS mean_c,
         count(CASE WHEN void_c * players <= 26 THEN 1 END) AS early_c,
         count(CASE WHEN void_d = 0 THEN 1 END) AS dealt_d, avg(CASE WHEN void_d > 0 THEN void_d END) AS mean_d,
         count(CASE WHEN void_d * players <= 26 THEN 1 END) AS early_d,
         count(CASE WHEN void_h = 0 THEN 1 END) AS dealt_h, avg(CASE WHEN void_h > 0 THEN void_h END) AS mean_h,
         count(CASE WHEN void_h * players <= 26 THEN 1 END) AS early_h
  FROM sel_seats
  WHERE determined AND player IS NOT NULL
  GROUP BY player
),
v AS (
  SELECT player, 0 AS s, 'S' AS suit, hands, dealt_s AS dealt_void, mean_s AS mean_trick, early_s AS cases FROM p
  UNION ALL SELECT player, 1, 'C', hands, dealt_c, mean_c, early_c FROM p
  UNION ALL SELECT player, 2, 'D', hands, dealt_d, mean_d, early_d FROM p
  UNION ALL SELECT player, 3, 'H', hands, dealt_h, mean_h, early_h FROM p
)
SELECT player, suit, hands, dealt_void, round(mean_trick, 2) AS mean_trick, cases, hands AS opportunities
FROM v
ORDER BY player, s
