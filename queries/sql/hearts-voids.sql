-- hearts-voids: when each player runs out of each suit (determined hands)
-- One row per player and suit: hands played, dealt_void (dealt no card of
-- the suit), mean_trick (the mean trick after which it held none, over the
-- hands it was dealt some); cases = hands in which it was void by the
-- middle of the hand (trick 6 of 13, 13 of 26) or dealt void,
-- opportunities = hands.
WITH v AS (
  SELECT player, players, unnest(['S', 'C', 'D', 'H']) AS suit, unnest([void_s, void_c, void_d, void_h]) AS void
  FROM sel_seats WHERE determined AND player IS NOT NULL
)
SELECT player, suit, count(*) AS hands, count(*) FILTER (WHERE void = 0) AS dealt_void,
       round(avg(void) FILTER (WHERE void > 0), 2) AS mean_trick,
       count(*) FILTER (WHERE void <= 26 // players) AS cases, count(*) AS opportunities
FROM v
GROUP BY player, suit
ORDER BY player, list_position(['S', 'C', 'D', 'H'], suit)
