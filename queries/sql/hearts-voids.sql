-- hearts-voids: when each player runs out of each suit (determined hands)
-- One row per player and suit: hands played, dealt_void (dealt no card of
-- the suit), mean_trick (the mean trick after which it held none, over the
-- hands it was dealt some); cases = hands in which it was void by the
-- middle of the hand (trick 6 of 13, 13 of 26) or dealt void,
-- opportunities = hands.
WITH p AS (
  SELECT player, count(*) AS hands,
         count_if(void_s = 0) AS dealt_s, sum(void_s) AS sum_s, count_if(void_s * players <= 26) AS early_s,
         count_if(void_c = 0) AS dealt_c, sum(void_c) AS sum_c, count_if(void_c * players <= 26) AS early_c,
         count_if(void_d = 0) AS dealt_d, sum(void_d) AS sum_d, count_if(void_d * players <= 26) AS early_d,
         count_if(void_h = 0) AS dealt_h, sum(void_h) AS sum_h, count_if(void_h * players <= 26) AS early_h
  FROM sel_seats
  WHERE determined AND player IS NOT NULL
  GROUP BY player
),
v AS (
  SELECT player, 0 AS s, 'S' AS suit, hands, dealt_s AS dealt_void, sum_s / nullif(hands - dealt_s, 0) AS mean_trick, early_s AS cases FROM p
  UNION ALL SELECT player, 1, 'C', hands, dealt_c, sum_c / nullif(hands - dealt_c, 0), early_c FROM p
  UNION ALL SELECT player, 2, 'D', hands, dealt_d, sum_d / nullif(hands - dealt_d, 0), early_d FROM p
  UNION ALL SELECT player, 3, 'H', hands, dealt_h, sum_h / nullif(hands - dealt_h, 0), early_h FROM p
)
SELECT player, suit, hands, dealt_void, round(mean_trick, 2) AS mean_trick, cases, hands AS opportunities
FROM v
ORDER BY player, s
