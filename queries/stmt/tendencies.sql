-- tendencies: per side, the rates the report compares between the players
-- and ranks as the opponent's tendencies (queries/tendencies.go names each
-- measure). Every row is a side, a measure, its cases and opportunities.
-- near: the face-up card pairs or neighbours a card held before the draw
-- (a card of its rank, or of its suit one rank away: gin.Neighbours(c, 1)).
WITH p AS (
  SELECT x.actor, x.from_discard, x.top_relation, x.could_knock, x.last, x.discard_best,
         enum_code(x.top) AS t,
         (q.hand_mask & ~(1::UBIGINT << enum_code(q.drawn))) | (1::UBIGINT << enum_code(x.discarded)) AS before
  FROM sel_features x JOIN plays q USING (game_id, round, ply)
),
n AS (
  SELECT *,
         before & ~(1::UBIGINT << t) & (
           (1::UBIGINT << (t % 13)) | (1::UBIGINT << (13 + t % 13)) | (1::UBIGINT << (26 + t % 13)) | (1::UBIGINT << (39 + t % 13))
           | CASE WHEN t % 13 > 0 THEN 1::UBIGINT << (t - 1) ELSE 0::UBIGINT END
           | CASE WHEN t % 13 < 12 THEN 1::UBIGINT << (t + 1) ELSE 0::UBIGINT END
         ) <> 0 AS near
  FROM p
),
calls AS (
  SELECT f.actor, r.action, f.deadwood_after,
         (f.actor = 'you' AND r.opp_points > 0) OR (f.actor = 'opp' AND r.you_points > 0) AS lost
  FROM sel_features f JOIN sel_rounds r USING (game_id, round)
  WHERE f.last AND r.action IN ('Gin', 'Knock')
),
declared AS (
  SELECT s.side AS actor, CASE s.side WHEN 'you' THEN c.points_lost_you ELSE c.points_lost_opp END > 0 AS weak
  FROM sel_checks c CROSS JOIN sel_sides s
),
rows AS (
  SELECT actor, 'take-meld' AS measure, count(*) FILTER (WHERE from_discard) AS cases, count(*) AS opportunities
  FROM n WHERE top_relation = 'meld' GROUP BY actor
  UNION ALL
  SELECT actor, 'take-near', count(*) FILTER (WHERE from_discard), count(*)
  FROM n WHERE near AND top_relation <> 'meld' GROUP BY actor
  UNION ALL
  SELECT actor, 'take-none', count(*) FILTER (WHERE from_discard), count(*)
  FROM n WHERE top_relation = 'none' GROUP BY actor
  UNION ALL
  SELECT actor, 'knock-passed', count(*) FILTER (WHERE NOT last), count(*)
  FROM n WHERE could_knock GROUP BY actor
  UNION ALL
  SELECT actor, 'knock-high', count(*) FILTER (WHERE deadwood_after >= 7), count(*)
  FROM calls WHERE action = 'Knock' GROUP BY actor
  UNION ALL
  SELECT actor, 'undercut', count(*) FILTER (WHERE lost), count(*)
  FROM calls WHERE action = 'Knock' GROUP BY actor
  UNION ALL
  SELECT actor, 'gin', count(*) FILTER (WHERE action = 'Gin'), count(*)
  FROM calls GROUP BY actor
  UNION ALL
  SELECT actor, 'discard-worse', count(*) FILTER (WHERE NOT discard_best), count(*)
  FROM n GROUP BY actor
  UNION ALL
  SELECT actor, 'weak-declare', count(*) FILTER (WHERE weak), count(*)
  FROM declared GROUP BY actor
)
SELECT actor::VARCHAR AS side, measure, cases, opportunities FROM rows
ORDER BY side, measure
