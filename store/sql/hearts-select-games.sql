-- hearts-select-games: the Hearts games VerifyHearts replays, with their
-- hands, in id order. $game: one game (NULL: no such bound); $pending:
-- only games without a hearts_checks row; $from, $to: ids in [from, to]
-- (NULL: no such bound).
SELECT game_id, rounds
FROM games
WHERE kind = 'hearts'
  AND ($game IS NULL OR game_id = $game)
  AND (NOT $pending OR game_id NOT IN (SELECT game_id FROM hearts_checks))
  AND ($from IS NULL OR game_id BETWEEN $from AND $to)
ORDER BY game_id
