-- check-violations: a game's violations, in order.
SELECT round, ply, code, message
FROM violations
WHERE game_id = $1
ORDER BY round, ply
