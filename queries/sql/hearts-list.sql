-- hearts-list: the selected Hearts games with their players (ids by pos,
-- ? without a file), hands, order method, determined hands, final totals
-- by pos (? where a player's points are not all known) and verify verdict,
-- as ginlog games --game hearts lists them.
WITH tot AS (
  SELECT s.game_id, s.pos, CASE WHEN count(s.points) = count(*) THEN sum(s.points) END AS total
  FROM hearts_seats s SEMI JOIN sel_games USING (game_id)
  GROUP BY ALL
),
per AS (SELECT game_id, string_agg(coalesce(total::VARCHAR, '?'), ' ' ORDER BY pos) AS totals FROM tot GROUP BY game_id),
ids AS (
  SELECT game_id, string_agg(coalesce(player_id, '?'), ' ' ORDER BY pos) AS players
  FROM game_players SEMI JOIN sel_games USING (game_id)
  GROUP BY game_id
)
SELECT g.game_id, g.log_ts, strftime(g.played_at, '%Y-%m-%d %H:%M') AS played_at, g.opponent, g.source,
       i.players, g.rounds AS hands, c.method::VARCHAR AS method, c.determined, p.totals,
       CASE WHEN c.game_id IS NULL THEN 'not verified'
            WHEN c.deviations > 0 THEN c.deviations::VARCHAR || ' deviations'
            ELSE 'ok' END AS verified
FROM sel_games g LEFT JOIN sel_checks c USING (game_id) LEFT JOIN ids i USING (game_id) LEFT JOIN per p USING (game_id)
ORDER BY g.log_ts, g.game_id
