-- check-rounds: a game's rounds with their stored verdicts, in order; a
-- round not verified yet has an empty status and -1 deadwood.
SELECT r.round, enum_code(r.action), enum_code(r.caller), enum_code(r.first_mover), r.plays, r.stock_draws,
       r.you_points, r.opp_points, coalesce(c.status::VARCHAR, ''),
       coalesce(c.best_you, -1), coalesce(c.best_opp, -1),
       coalesce(c.declared_you, -1), coalesce(c.declared_opp, -1),
       coalesce(c.points_lost_you, 0), coalesce(c.points_lost_opp, 0)
FROM rounds r LEFT JOIN round_checks c USING (game_id, round)
WHERE r.game_id = $1
ORDER BY r.round
