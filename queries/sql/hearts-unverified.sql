-- hearts-unverified: how many Hearts games the filters select, and how
-- many of them are not verified yet (no hearts_checks row): the games the
-- Hearts queries leave out.
SELECT count(*) AS selected, count(*) - count(c.game_id) AS unverified
FROM sel_games g LEFT JOIN hearts_checks c ON c.game_id = g.game_id
