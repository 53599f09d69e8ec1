-- hearts-overview: the selected Hearts games: how many, their hands, how
-- many verified and determined, their deviations, and how many games have
-- every player's files.
SELECT count(*) AS games, coalesce(sum(c.hands), 0)::BIGINT AS hands, coalesce(sum(c.verified), 0)::BIGINT AS verified,
       coalesce(sum(c.determined), 0)::BIGINT AS determined, coalesce(sum(c.deviations), 0)::BIGINT AS deviations,
       count(*) FILTER (WHERE g.game_id NOT IN (SELECT game_id FROM game_players WHERE NOT has_file)) AS complete
FROM sel_games g LEFT JOIN sel_checks c USING (game_id)
