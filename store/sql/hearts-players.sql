-- hearts-players: the players of the games with ids in [$1, $2], by pos;
-- the id is '' for a player without a file.
SELECT game_id, pos, coalesce(player_id, '')
FROM game_players
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, pos
