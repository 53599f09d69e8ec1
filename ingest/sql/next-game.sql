-- next-game: the id of the next game to load.
SELECT coalesce(max(game_id), 0) + 1 FROM games
