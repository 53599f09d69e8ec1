-- hearts-player-list: every player (with a file) of the selected Hearts
-- games, by the name the queries give it (game_players.player: its
-- qualified id origin/id, or the name it is merged under), with the
-- qualified ids it stands for, the ids (folder names) and origins they
-- come from, its games, its hands whose points are known and its points
-- per hand over them. Sorted by name.
WITH gp AS (
  SELECT p.player, p.player_id, p.game_id, h.origin, h.origin || '/' || p.player_id AS identity
  FROM game_players p JOIN hearts_games h USING (game_id)
  WHERE p.player IS NOT NULL AND p.game_id IN (SELECT game_id FROM sel_games)
), pts AS (
  SELECT player, count(*) AS hands, round(avg(points), 2) AS points_per_hand
  FROM sel_seats
  WHERE player IS NOT NULL AND points IS NOT NULL
  GROUP BY player
), ids AS (
  SELECT player, count(DISTINCT game_id) AS games,
         array_to_string(list_sort(list_distinct(list(identity))), ' ') AS identities,
         array_to_string(list_sort(list_distinct(list(player_id))), ' ') AS names,
         array_to_string(list_sort(list_distinct(list(origin))), ' ') AS origins
  FROM gp
  GROUP BY player
)
SELECT i.player, i.identities, i.names, i.games, coalesce(s.hands, 0), s.points_per_hand, i.origins
FROM ids i LEFT JOIN pts s USING (player)
ORDER BY i.player
