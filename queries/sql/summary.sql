-- summary: games, wins, points per round and how rounds ended, per side
-- One row per side (you, opp). Win rate: cases = games won, opportunities
-- = games. gins/knocks: rounds the side ended with that call; drops: rounds
-- that ended without a call after its play; undercuts: rounds it won by
-- undercutting the other's knock or drop.
WITH per_side AS (
  SELECT s.side,
         (SELECT count(*) FROM sel_games) AS games,
         (SELECT count(*) FROM sel_games g WHERE g.winner = s.side) AS wins,
         (SELECT count(*) FROM sel_rounds) AS rounds,
         (SELECT coalesce(sum(CASE s.side WHEN 'you' THEN r.you_points ELSE r.opp_points END), 0) FROM sel_rounds r) AS points,
         (SELECT count(*) FROM sel_rounds r WHERE r.caller = s.side AND r.action = 'Gin') AS gins,
         (SELECT count(*) FROM sel_rounds r WHERE r.caller = s.side AND r.action = 'Knock') AS knocks,
         (SELECT count(*) FROM sel_rounds r WHERE r.caller = s.side AND r.action = 'Drop') AS drops,
         (SELECT count(*) FROM sel_rounds r WHERE r.caller <> s.side AND r.action <> 'Gin'
            AND (CASE s.side WHEN 'you' THEN r.you_points ELSE r.opp_points END) > 0) AS undercuts
  FROM (SELECT unnest(['you', 'opp'])::side AS side) s
)
SELECT side::VARCHAR AS side, games, wins AS cases, games AS opportunities, rounds,
       round(points / nullif(rounds, 0), 2) AS points_per_round, gins, knocks, drops, undercuts
FROM per_side
ORDER BY side
