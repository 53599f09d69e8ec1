-- The plays of the games to retrace, hands in the order the log lists them.
SELECT game_id, round, actor = 'you', array_to_string(hand::VARCHAR[], ';'),
       top::VARCHAR, drawn::VARCHAR, discarded::VARCHAR
FROM plays
WHERE $1 = 0 OR game_id = $1
ORDER BY game_id, round, ply;
