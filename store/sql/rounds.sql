-- rounds: the score rows of the games with ids in [$1, $2], in order. The
-- call and side enums are read as their codes: gin.Call and gin.Seat.
SELECT game_id, round, you_points, opp_points, enum_code(action), enum_code(caller)
FROM rounds
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, round
