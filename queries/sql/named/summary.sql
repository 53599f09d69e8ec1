-- summary: games, wins, points per round and how rounds ended, per side
-- rate: games won, of games.
-- One row per side (you, opp). Win rate: cases = games won, opportunities
-- = games. gins/knocks: rounds the side ended with that call; drops: rounds
-- that ended without a call after its play; undercuts: rounds it won by
-- undercutting the other's knock or drop.
WITH per_game AS (
  SELECT side, CAST(sum(games) AS BIGINT) AS games, CAST(sum(wins) AS BIGINT) AS wins
  FROM (SELECT s.side, count(*) AS games, count(CASE WHEN g.winner = s.side THEN 1 END) AS wins
        FROM sides s CROSS JOIN raw_games g
        GROUP BY s.side
        UNION ALL
        SELECT side, games, won FROM roll_sides) x
  GROUP BY side
),
per_round AS (
  SELECT side, CAST(sum(rounds) AS BIGINT) AS rounds, CAST(sum(points) AS BIGINT) AS points,
         CAST(sum(gins) AS BIGINT) AS gins, CAST(sum(knocks) AS BIGINT) AS knocks, CAST(sum(drops) AS BIGINT) AS drops,
         CAST(sum(undercuts) AS BIGINT) AS undercuts
  FROM (SELECT s.side, count(*) AS rounds,
               sum(CASE WHEN s.side = 'you' THEN r.you_points ELSE r.opp_points END) AS points,
               count(CASE WHEN r.caller = s.side AND r.action = 'Gin' THEN 1 END) AS gins,
               count(CASE WHEN r.caller = s.side AND r.action = 'Knock' THEN 1 END) AS knocks,
               count(CASE WHEN r.caller = s.side AND r.action = 'Drop' THEN 1 END) AS drops,
               count(CASE WHEN r.caller <> s.side AND r.action <> 'Gin'
                           AND (CASE WHEN s.side = 'you' THEN r.you_points ELSE r.opp_points END) > 0 THEN 1 END) AS undercuts
        FROM sides s CROSS JOIN raw_rounds r
        GROUP BY s.side
        UNION ALL
        SELECT side, rounds, points, gins, knocks, drops, undercuts FROM roll_sides) x
  GROUP BY side
)
SELECT CAST(s.side AS VARCHAR) AS side, coalesce(g.games, 0) AS games, coalesce(g.wins, 0) AS cases,
       coalesce(g.games, 0) AS opportunities, coalesce(r.rounds, 0) AS rounds,
       round(CAST(coalesce(r.points, 0) AS DOUBLE) / nullif(coalesce(r.rounds, 0), 0), 2) AS points_per_round,
       coalesce(r.gins, 0) AS gins, coalesce(r.knocks, 0) AS knocks, coalesce(r.drops, 0) AS drops,
       coalesce(r.undercuts, 0) AS undercuts
FROM sides s LEFT JOIN per_game g ON g.side = s.side LEFT JOIN per_round r ON r.side = s.side
ORDER BY CAST(s.side AS VARCHAR)
