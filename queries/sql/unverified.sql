-- unverified: how many Gin games the filters select, and how many of them
-- are not verified yet (no game_checks row): the games the queries that
-- read verify's results leave out.
SELECT count(*) AS selected, count(*) - count(c.game_id) AS unverified
FROM sel_games g LEFT JOIN game_checks c ON c.game_id = g.game_id
