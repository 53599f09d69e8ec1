-- timestamps: the log timestamps of the games with ids in [$1, $2].
SELECT game_id, log_ts
FROM games
WHERE game_id BETWEEN $1 AND $2
