-- hearts-players: the players of the games with ids in [$1, $2], by pos;
-- the id is '' for a player without a file, and so is its name (the
-- qualified or merged player the queries group by, game_players.player).
SELECT game_id, pos, coalesce(player_id, ''), coalesce(player, '')
FROM game_players
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, pos
