-- game-scores: the score rows of the game $1, in order: round, the points
-- of each side, the call and the caller as their enum codes (gin.Call and
-- gin.Seat).
SELECT round, you_points, opp_points, enum_code(action), enum_code(caller)
FROM rounds
WHERE game_id = $1
ORDER BY round
