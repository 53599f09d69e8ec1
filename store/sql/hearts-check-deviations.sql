-- hearts-check-deviations: a Hearts game's deviations, located, in order.
SELECT hand, trick, coalesce(pos, -1), code, kind, file, line, col, message
FROM hearts_deviations
WHERE game_id = $1
ORDER BY hand, trick, file, line, col
