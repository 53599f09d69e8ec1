-- hearts-void-suits: by suit, how many players of determined hands were
-- void by the middle of the hand (trick 6 of 13, 13 of 26) or dealt void
-- (cases), of the players of determined hands (opportunities).
WITH v AS (
  SELECT players, unnest([0, 1, 2, 3]) AS suit, unnest([void_s, void_c, void_d, void_h]) AS void
  FROM sel_seats WHERE determined
)
SELECT suit, count(*) FILTER (WHERE void <= 26 // players), count(*)
FROM v GROUP BY suit ORDER BY suit
