-- player-rename: give every Hearts player the name player_merges gives its
-- identity, or its identity (origin/player_id): game_players.player, then
-- hearts_seats.player, changing only the rows whose name changes.
UPDATE game_players SET player = n.player
FROM (
  SELECT p.game_id, p.pos, coalesce(m.player, h.origin || '/' || p.player_id) AS player
  FROM game_players p JOIN hearts_games h USING (game_id)
  LEFT JOIN player_merges m ON m.identity = h.origin || '/' || p.player_id
  WHERE p.player_id IS NOT NULL
) n
WHERE game_players.game_id = n.game_id AND game_players.pos = n.pos AND game_players.player IS DISTINCT FROM n.player;

UPDATE hearts_seats SET player = p.player
FROM game_players p
WHERE hearts_seats.game_id = p.game_id AND hearts_seats.pos = p.pos AND hearts_seats.player IS DISTINCT FROM p.player;
