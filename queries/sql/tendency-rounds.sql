-- tendency-rounds: what each round gives each side of every measure of the
-- tendencies (queries/tendencies.go names them), counted once for the
-- tendencies statement (over the raw rows of the games the rollups do not
-- cover) and once for the rollups (rollup-tendencies.sql), so that both
-- count alike. It reads t_games (game_id and grp: the games, each with its
-- rollup group, any constant when there are none), t_features (the
-- play_features rows of those games), t_rounds and t_checks (their rounds
-- and round_checks), which the statement that includes it defines (its
-- line {{tendency-rounds}} is replaced with this file's common table
-- expressions), and defines tendency_counts: per group, side, measure,
-- cases and opportunities, the rounds that gave the side that many of both
-- (a round that gives no opportunity gives no row). The rows are counted
-- by game and round first, and matched to their group after, so that only
-- the per-round counts are joined to t_games.
--
-- take-meld, take-none: face-up cards taken, of those offered with that
-- relation. discard-worse: discards not best, of the plays. knock-passed:
-- the side's first play of the round that could knock, and whether the
-- round went on. gin, knock-high, undercut: the round's last play (its
-- call), when the round ended with Gin or Knock. weak-declare: the
-- verified round, and whether the side lost points by declaring worse
-- than its best. take-near: face-up cards taken, of those offered that
-- pair or neighbour a card held before the draw (a card of its rank, or of
-- its suit one rank away: gin.Neighbours(c, 1)). Such a card is within
-- gin.Neighbours(c, 2), so its relation is meld or combo: take-near (near,
-- not meld) reads the hands of the combo plays alone.
t_round_plays AS (
  SELECT game_id, round, actor,
         count(*) FILTER (WHERE top_relation = 'meld') AS meld_n,
         count(*) FILTER (WHERE top_relation = 'meld' AND from_discard) AS meld_k,
         count(*) FILTER (WHERE top_relation = 'none') AS none_n,
         count(*) FILTER (WHERE top_relation = 'none' AND from_discard) AS none_k,
         count(*) AS plays_n, count(*) FILTER (WHERE NOT discard_best) AS worse_k,
         arg_min(last, ply) FILTER (WHERE could_knock) AS chance_last,
         count(*) FILTER (WHERE last) AS last_n,
         count(*) FILTER (WHERE last AND deadwood_after >= 7) AS last_high
  FROM t_features GROUP BY game_id, round, actor
),
t_plays AS MATERIALIZED (SELECT g.grp, p.* FROM t_round_plays p JOIN t_games g ON g.game_id = p.game_id),
t_round_near AS (
  SELECT game_id, round, actor, count(*) FILTER (WHERE near) AS near_n, count(*) FILTER (WHERE near AND from_discard) AS near_k
  FROM (
    SELECT x.game_id, x.round, x.actor, x.from_discard,
           ((q.hand_mask & ~(1::UBIGINT << enum_code(q.drawn))) | (1::UBIGINT << enum_code(x.discarded)))
           & ~(1::UBIGINT << t) & (
             (1::UBIGINT << (t % 13)) | (1::UBIGINT << (13 + t % 13)) | (1::UBIGINT << (26 + t % 13)) | (1::UBIGINT << (39 + t % 13))
             | CASE WHEN t % 13 > 0 THEN 1::UBIGINT << (t - 1) ELSE 0::UBIGINT END
             | CASE WHEN t % 13 < 12 THEN 1::UBIGINT << (t + 1) ELSE 0::UBIGINT END
           ) <> 0 AS near
    FROM (SELECT *, enum_code(top) AS t FROM t_features WHERE top_relation = 'combo') x
    JOIN plays q ON q.game_id = x.game_id AND q.round = x.round AND q.ply = x.ply
  )
  GROUP BY game_id, round, actor
),
t_near AS (SELECT g.grp, p.* FROM t_round_near p JOIN t_games g ON g.game_id = p.game_id),
t_calls AS (
  SELECT p.grp, p.actor, r.action, p.last_n AS calls, p.last_high AS high,
         (p.actor = 'you' AND r.opp_points > 0) OR (p.actor = 'opp' AND r.you_points > 0) AS lost
  FROM t_plays p JOIN t_rounds r ON r.game_id = p.game_id AND r.round = p.round
  WHERE p.last_n > 0 AND r.action IN ('Gin', 'Knock')
),
t_declared AS (
  SELECT g.grp, s.side, CASE s.side WHEN 'you' THEN c.points_lost_you ELSE c.points_lost_opp END > 0 AS weak
  FROM t_checks c JOIN t_games g ON g.game_id = c.game_id CROSS JOIN (SELECT CAST(unnest(enum_range(NULL::side)) AS side) AS side) s
),
tendency_counts AS (
  SELECT grp, actor AS side, 'take-meld' AS measure, meld_k AS cases, meld_n AS opportunities, count(*) AS rounds
  FROM t_plays WHERE meld_n > 0 GROUP BY ALL
  UNION ALL
  SELECT grp, actor, 'take-near', near_k, near_n, count(*) FROM t_near WHERE near_n > 0 GROUP BY ALL
  UNION ALL
  SELECT grp, actor, 'take-none', none_k, none_n, count(*) FROM t_plays WHERE none_n > 0 GROUP BY ALL
  UNION ALL
  SELECT grp, actor, 'knock-passed', CASE WHEN chance_last THEN 0 ELSE 1 END, 1, count(*)
  FROM t_plays WHERE chance_last IS NOT NULL GROUP BY ALL
  UNION ALL
  SELECT grp, actor, 'knock-high', high, calls, count(*) FROM t_calls WHERE action = 'Knock' GROUP BY ALL
  UNION ALL
  SELECT grp, actor, 'undercut', CASE WHEN lost THEN calls ELSE 0 END, calls, count(*) FROM t_calls WHERE action = 'Knock' GROUP BY ALL
  UNION ALL
  SELECT grp, actor, 'gin', CASE WHEN action = 'Gin' THEN calls ELSE 0 END, calls, count(*) FROM t_calls GROUP BY ALL
  UNION ALL
  SELECT grp, actor, 'discard-worse', worse_k, plays_n, count(*) FROM t_plays GROUP BY ALL
  UNION ALL
  SELECT grp, side, 'weak-declare', CASE WHEN weak THEN 1 ELSE 0 END, 1, count(*) FROM t_declared GROUP BY ALL
)
