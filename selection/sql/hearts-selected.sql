-- hearts-selected: how many Hearts games the filters select, whether the
-- game they name (if any) exists, and how many Hearts games the database
-- holds.
SELECT (SELECT count(*) FROM sel_games) AS selected,
       (SELECT count(*) FROM games g, params p WHERE g.game_id = p.game) AS named,
       (SELECT count(*) FROM games WHERE kind = 'hearts') AS total
