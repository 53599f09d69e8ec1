-- player-names: every name a merge takes: the qualified Hearts player ids
-- (origin/player_id) and the names the players go by (merged names among
-- them), sorted.
SELECT name FROM (
  SELECT h.origin || '/' || p.player_id AS name
  FROM game_players p JOIN hearts_games h USING (game_id)
  WHERE p.player_id IS NOT NULL
  UNION
  SELECT p.player
  FROM game_players p JOIN hearts_games h USING (game_id)
  WHERE p.player_id IS NOT NULL AND p.player IS NOT NULL
)
ORDER BY name
