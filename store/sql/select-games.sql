-- select-games: the Gin games Verify replays, with their plays, in id order.
-- $game: one game (NULL: no such bound); $pending: only games without a
-- game_checks row; $from, $to: ids in [from, to] (NULL: no such bound).
SELECT game_id, plays
FROM games
WHERE kind = 'gin'
  AND ($game IS NULL OR game_id = $game)
  AND (NOT $pending OR game_id NOT IN (SELECT game_id FROM game_checks))
  AND ($from IS NULL OR game_id BETWEEN $from AND $to)
ORDER BY game_id
