-- games: the selected games with their score, winner and verify verdict,
-- as ginlog games lists them.
SELECT g.game_id, g.log_ts, strftime(g.played_at, '%Y-%m-%d %H:%M') AS played_at,
       g.opponent, g.source, g.rounds, g.plays, g.you_total AS you, g.opp_total AS opp, g.winner::VARCHAR AS winner,
       CASE WHEN c.game_id IS NULL THEN 'not verified'
            WHEN c.violations > 0 THEN c.violations::VARCHAR || ' violations'
            ELSE 'ok' END AS verified,
       c.explained AS explained_rounds
FROM sel_games g LEFT JOIN game_checks c USING (game_id)
ORDER BY g.log_ts, g.game_id
