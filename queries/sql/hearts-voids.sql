-- hearts-voids: when each player runs out of each suit (determined hands)
-- One row per player and suit: hands played, dealt_void (dealt no card of
-- the suit), mean_trick (the mean trick after which it held none, over the
-- hands it was dealt some); cases = hands in which it was void by the
-- middle of the hand (trick 6 of 13, 13 of 26) or dealt void,
-- opportunities = hands.
WITH p AS (
  SELECT player, count(*) AS hands,
         count(*) FILTER (WHERE void_s = 0) AS dealt_s, avg(void_s) FILTER (WHERE void_s > 0) AS mean_s, count(*) FILTER (WHERE void_s <= 26 // players) AS early_s,
         count(*) FILTER (WHERE void_c = 0) AS dealt_c, avg(void_c) FILTER (WHERE void_c > 0) AS mean_c, count(*) FILTER (WHERE void_c <= 26 // players) AS early_c,
         count(*) FILTER (WHERE void_d = 0) AS dealt_d, avg(void_d) FILTER (WHERE void_d > 0) AS mean_d, count(*) FILTER (WHERE void_d <= 26 // players) AS early_d,
         count(*) FILTER (WHERE void_h = 0) AS dealt_h, avg(void_h) FILTER (WHERE void_h > 0) AS mean_h, count(*) FILTER (WHERE void_h <= 26 // players) AS early_h
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
