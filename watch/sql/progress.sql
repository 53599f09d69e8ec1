-- progress: how many Gin Rummy games the database holds, and how many of
-- them verify has not checked yet.
SELECT count(*) AS games,
       count(*) FILTER (WHERE game_id NOT IN (SELECT game_id FROM game_checks)) AS unverified
FROM games;
