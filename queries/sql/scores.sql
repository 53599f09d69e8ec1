-- scores: the running totals after each round of the $recent selected
-- games logged last, in log order.
SELECT r.game_id, g.log_ts, r.round,
       (sum(r.you_points) OVER (PARTITION BY r.game_id ORDER BY r.round))::BIGINT AS you,
       (sum(r.opp_points) OVER (PARTITION BY r.game_id ORDER BY r.round))::BIGINT AS opp
FROM rounds r JOIN games g USING (game_id)
WHERE r.game_id IN (SELECT game_id FROM sel_games ORDER BY log_ts DESC, game_id DESC LIMIT $recent)
ORDER BY g.log_ts, r.game_id, r.round
