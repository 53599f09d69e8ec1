-- The score rows of the games to retrace.
SELECT game_id, round, you_points, opp_points, action::VARCHAR, caller = 'you'
FROM rounds
WHERE $1 = 0 OR game_id = $1
ORDER BY game_id, round;
