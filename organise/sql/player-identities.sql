-- player-identities: the qualified Hearts player ids (origin/player_id)
-- that $1 names: itself when it is one, or the identities merged under the
-- name $1 (or any player the queries name $1), sorted.
SELECT DISTINCT h.origin || '/' || p.player_id AS identity
FROM game_players p JOIN hearts_games h USING (game_id)
WHERE p.player_id IS NOT NULL AND (h.origin || '/' || p.player_id = $1 OR p.player = $1)
ORDER BY identity
