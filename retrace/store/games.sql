-- The games to retrace ($1 = 0 for all of them), in game order.
SELECT game_id, log_ts
FROM games
WHERE kind = 'gin' AND ($1 = 0 OR game_id = $1)
ORDER BY game_id;
