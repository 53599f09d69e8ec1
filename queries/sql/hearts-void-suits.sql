-- hearts-void-suits: by suit, how many players of determined hands were
-- void by the middle of the hand (trick 6 of 13, 13 of 26) or dealt void
-- (cases), of the players of determined hands (opportunities).
WITH p AS (
  SELECT count(*) AS n,
         count(CASE WHEN void_s * players <= 26 THEN 1 END) AS s, count(CASE WHEN void_c * players <= 26 THEN 1 END) AS c,
         count(CASE WHEN void_d * players <= 26 THEN 1 END) AS d, count(CASE WHEN void_h * players <= 26 THEN 1 END) AS h
  FROM sel_seats WHERE determined
)
SELECT 0, s, n FROM p UNION ALL SELECT 1, c, n FROM p UNION ALL SELECT 2, d, n FROM p UNION ALL SELECT 3, h, n FROM p
ORDER BY 1
