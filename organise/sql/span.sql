-- span: the first and last game ids and the last import id, to say what a
-- selection that names none could have named.
SELECT (SELECT min(game_id) FROM games), (SELECT max(game_id) FROM games), (SELECT max(import_id) FROM imports)
