-- rollup-build: the second half of a rollup build: fills the rollup
-- tables for the groups rollup-groups.sql added (grp above $old), blocks
-- of $n game ids. The games of those groups are listed once, in the
-- temporary table build_games, then one statement per table reads them;
-- rollup-tendencies.sql fills rollup_tendencies after, a block at a time.
CREATE OR REPLACE TEMP TABLE build_games AS
  SELECT g.game_id, g.winner, u.grp
  FROM games g JOIN rollup_groups u ON u.block = g.game_id - g.game_id % $n
   AND u.opponent IS NOT DISTINCT FROM g.opponent AND u.source IS NOT DISTINCT FROM g.source
  WHERE u.grp > $old AND g.kind = 'gin' AND g.mirror_of IS NULL;
INSERT INTO rollup_cards (grp, side, card, offered, taken, discarded, discard_dead, discard_best, fed, feedable, held, melded, held_points)
WITH f AS (SELECT gg.grp, x.* FROM play_features x JOIN build_games gg ON gg.game_id = x.game_id),
ends AS (
  SELECT gg.grp, s.side, CASE WHEN s.side = 'you' THEN c.cards_you ELSE c.cards_opp END AS cards,
         CASE WHEN s.side = 'you' THEN c.melded_you ELSE c.melded_opp END AS melded,
         CASE WHEN s.side = 'you' THEN r.you_points ELSE r.opp_points END AS points
  FROM round_checks c JOIN build_games gg ON gg.game_id = c.game_id
  JOIN rounds r ON r.game_id = c.game_id AND r.round = c.round
  CROSS JOIN (SELECT CAST(unnest(enum_range(NULL::side)) AS side) AS side) s
),
held AS (SELECT grp, side, unnest(cards) AS card, melded, points FROM ends),
cells AS (
  SELECT grp, actor AS side, top AS card, count(*) AS offered, count(CASE WHEN from_discard THEN 1 END) AS taken,
         0 AS discarded, 0 AS discard_dead, 0 AS discard_best, 0 AS fed, 0 AS feedable, 0 AS held, 0 AS melded, 0 AS held_points
  FROM f GROUP BY grp, actor, top
  UNION ALL
  SELECT grp, actor, discarded, 0, 0, count(*), count(CASE WHEN discard_dead THEN 1 END),
         count(CASE WHEN discard_best THEN 1 END), count(CASE WHEN fed THEN 1 END), count(fed), 0, 0, 0
  FROM f GROUP BY grp, actor, discarded
  UNION ALL
  SELECT grp, side, card, 0, 0, 0, 0, 0, 0, 0, count(*),
         count(CASE WHEN (melded >> enum_code(card)) & 1 = 1 THEN 1 END), sum(points)
  FROM held GROUP BY grp, side, card
)
SELECT grp, side, card, sum(offered), sum(taken), sum(discarded), sum(discard_dead), sum(discard_best), sum(fed),
       sum(feedable), sum(held), sum(melded), sum(held_points)
FROM cells GROUP BY grp, side, card;
INSERT INTO rollup_plays (grp, side, relation, stock_left, turn, offered, taken, could_knock, knock_passed)
SELECT gg.grp, x.actor, x.top_relation, x.stock_left, least(x.turn, 16), count(*),
       count(CASE WHEN x.from_discard THEN 1 END), count(CASE WHEN x.could_knock THEN 1 END),
       count(CASE WHEN x.could_knock AND NOT x.last THEN 1 END)
FROM play_features x JOIN build_games gg ON gg.game_id = x.game_id
GROUP BY gg.grp, x.actor, x.top_relation, x.stock_left, least(x.turn, 16);
INSERT INTO rollup_calls (grp, side, action, deadwood, turn, calls, undercut)
SELECT gg.grp, f.actor, r.action, f.deadwood_after, least(f.turn, 16), count(*),
       count(CASE WHEN (f.actor = 'you' AND r.opp_points > 0) OR (f.actor = 'opp' AND r.you_points > 0) THEN 1 END)
FROM play_features f JOIN build_games gg ON gg.game_id = f.game_id
JOIN rounds r ON r.game_id = f.game_id AND r.round = f.round
WHERE f.last AND r.action IN ('Gin', 'Knock')
GROUP BY gg.grp, f.actor, r.action, f.deadwood_after, least(f.turn, 16);
INSERT INTO rollup_rounds (grp, action, plays, stock_draws, rounds)
SELECT gg.grp, r.action, r.plays, r.stock_draws, count(*)
FROM rounds r JOIN build_games gg ON gg.game_id = r.game_id
GROUP BY gg.grp, r.action, r.plays, r.stock_draws;
INSERT INTO rollup_sides (grp, side, games, won, rounds, points, gins, knocks, drops, undercuts,
                          checked, lost_rounds, points_lost, worst, extra_declared)
WITH s AS (SELECT CAST(unnest(enum_range(NULL::side)) AS side) AS side),
w AS (
  SELECT gg.grp, s.side, count(*) AS games, count(CASE WHEN gg.winner = s.side THEN 1 END) AS won
  FROM build_games gg CROSS JOIN s GROUP BY gg.grp, s.side
),
r AS (
  SELECT gg.grp, s.side, count(*) AS rounds,
         sum(CASE WHEN s.side = 'you' THEN r.you_points ELSE r.opp_points END) AS points,
         count(CASE WHEN r.caller = s.side AND r.action = 'Gin' THEN 1 END) AS gins,
         count(CASE WHEN r.caller = s.side AND r.action = 'Knock' THEN 1 END) AS knocks,
         count(CASE WHEN r.caller = s.side AND r.action = 'Drop' THEN 1 END) AS drops,
         count(CASE WHEN r.caller <> s.side AND r.action <> 'Gin'
                     AND (CASE WHEN s.side = 'you' THEN r.you_points ELSE r.opp_points END) > 0 THEN 1 END) AS undercuts
  FROM rounds r JOIN build_games gg ON gg.game_id = r.game_id CROSS JOIN s
  GROUP BY gg.grp, s.side
),
l AS (
  SELECT gg.grp, s.side,
         CASE WHEN s.side = 'you' THEN k.points_lost_you ELSE k.points_lost_opp END AS lost,
         CASE WHEN s.side = 'you' THEN k.declared_you - k.best_you ELSE k.declared_opp - k.best_opp END AS extra
  FROM round_checks k JOIN build_games gg ON gg.game_id = k.game_id CROSS JOIN s
),
c AS (
  SELECT grp, side, count(*) AS checked, count(CASE WHEN lost > 0 THEN 1 END) AS lost_rounds, sum(lost) AS points_lost,
         max(lost) AS worst, sum(extra) AS extra
  FROM l GROUP BY grp, side
)
SELECT w.grp, w.side, w.games, w.won, coalesce(r.rounds, 0), coalesce(r.points, 0), coalesce(r.gins, 0),
       coalesce(r.knocks, 0), coalesce(r.drops, 0), coalesce(r.undercuts, 0), coalesce(c.checked, 0),
       coalesce(c.lost_rounds, 0), coalesce(c.points_lost, 0), coalesce(c.worst, 0), coalesce(c.extra, 0)
FROM w LEFT JOIN r ON r.grp = w.grp AND r.side = w.side LEFT JOIN c ON c.grp = w.grp AND c.side = w.side;
INSERT INTO rollup_verdicts (grp, status, rounds)
SELECT gg.grp, c.status, count(*)
FROM round_checks c JOIN build_games gg ON gg.game_id = c.game_id
GROUP BY gg.grp, c.status;
DROP TABLE build_games;
