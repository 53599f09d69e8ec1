-- tendencies: per side, the rates the report compares between the players
-- and ranks as the opponent's tendencies (queries/tendencies.go names each
-- measure). Every row is a side and a measure: its cases and opportunities,
-- and how the rate varies with the rounds that gave an opportunity: how
-- many rounds, and the sums over them of the rate recomputed without that
-- round and of its square (NULL for a round that holds every opportunity).
-- near: the face-up card pairs or neighbours a card held before the draw
-- (a card of its rank, or of its suit one rank away: gin.Neighbours(c, 1)).
-- Such a card is within gin.Neighbours(c, 2), so its relation is meld or
-- combo: take-near (near, not meld) reads the hands of the combo plays
-- alone, and the other measures read play_features without the plays.
WITH n AS (
  SELECT x.game_id, x.round, x.ply, x.actor, x.from_discard, x.top_relation, x.could_knock, x.last, x.discard_best
  FROM sel_features x
),
near AS (
  SELECT x.game_id, x.round, x.actor, x.from_discard,
         (q.hand_mask & ~(1::UBIGINT << enum_code(q.drawn))) | (1::UBIGINT << enum_code(x.discarded)) AS before,
         enum_code(x.top) AS t
  FROM sel_features x JOIN plays q USING (game_id, round, ply)
  WHERE x.top_relation = 'combo'
),
first_chance AS (
  SELECT * FROM n WHERE could_knock
  QUALIFY row_number() OVER (PARTITION BY game_id, round, actor ORDER BY ply) = 1
),
calls AS (
  SELECT f.game_id, f.round, f.actor, r.action, f.deadwood_after,
         (f.actor = 'you' AND r.opp_points > 0) OR (f.actor = 'opp' AND r.you_points > 0) AS lost
  FROM sel_features f JOIN sel_rounds r USING (game_id, round)
  WHERE f.last AND r.action IN ('Gin', 'Knock')
),
declared AS (
  SELECT c.game_id, c.round, s.side AS actor,
         CASE s.side WHEN 'you' THEN c.points_lost_you ELSE c.points_lost_opp END > 0 AS weak
  FROM sel_checks c CROSS JOIN sel_sides s
),
per_round AS (
  SELECT actor, game_id, round, 'take-meld' AS measure, count(*) FILTER (WHERE from_discard) AS cases, count(*) AS opportunities
  FROM n WHERE top_relation = 'meld' GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'take-near', count(*) FILTER (WHERE from_discard), count(*)
  FROM near
  WHERE before & ~(1::UBIGINT << t) & (
          (1::UBIGINT << (t % 13)) | (1::UBIGINT << (13 + t % 13)) | (1::UBIGINT << (26 + t % 13)) | (1::UBIGINT << (39 + t % 13))
          | CASE WHEN t % 13 > 0 THEN 1::UBIGINT << (t - 1) ELSE 0::UBIGINT END
          | CASE WHEN t % 13 < 12 THEN 1::UBIGINT << (t + 1) ELSE 0::UBIGINT END
        ) <> 0
  GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'take-none', count(*) FILTER (WHERE from_discard), count(*)
  FROM n WHERE top_relation = 'none' GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'knock-passed', count(*) FILTER (WHERE NOT last), count(*)
  FROM first_chance GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'knock-high', count(*) FILTER (WHERE deadwood_after >= 7), count(*)
  FROM calls WHERE action = 'Knock' GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'undercut', count(*) FILTER (WHERE lost), count(*)
  FROM calls WHERE action = 'Knock' GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'gin', count(*) FILTER (WHERE action = 'Gin'), count(*)
  FROM calls GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'discard-worse', count(*) FILTER (WHERE NOT discard_best), count(*)
  FROM n GROUP BY ALL
  UNION ALL
  SELECT actor, game_id, round, 'weak-declare', count(*) FILTER (WHERE weak), count(*)
  FROM declared GROUP BY ALL
),
totals AS (
  SELECT *, sum(cases) OVER w AS all_cases, sum(opportunities) OVER w AS all_opportunities
  FROM per_round
  WINDOW w AS (PARTITION BY actor, measure)
),
jack AS (
  SELECT *, (all_cases - cases)::DOUBLE / nullif(all_opportunities - opportunities, 0) AS without
  FROM totals
)
SELECT actor::VARCHAR AS side, measure,
       sum(cases)::BIGINT AS cases, sum(opportunities)::BIGINT AS opportunities, count(*) AS rounds,
       coalesce(sum(without), 0) AS without_sum, coalesce(sum(without * without), 0) AS without_sq
FROM jack
GROUP BY ALL
ORDER BY side, measure
