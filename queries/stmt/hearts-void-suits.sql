-- hearts-void-suits: by suit, how many players of determined hands were
-- void by the middle of the hand (trick 6 of 13, 13 of 26) or dealt void
-- (cases), of the players of determined hands (opportunities).
WITH p AS (
  SELECT count(*) AS n,
         count(*) FILTER (WHERE void_s <= 26 // players) AS s, count(*) FILTER (WHERE void_c <= 26 // players) AS c,
         count(*) FILTER (WHERE void_d <= 26 // players) AS d, count(*) FILTER (WHERE void_h <= 26 // players) AS h
  FROM sel_seats WHERE determined
)
SELECT 0, s, n FROM p UNION ALL SELECT 1, c, n FROM p UNION ALL SELECT 2, d, n FROM p UNION ALL SELECT 3, h, n FROM p
ORDER BY 1
