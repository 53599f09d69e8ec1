-- knock-profile: deadwood and timing of knocks, gin and undercut rates, legal knocks passed up by phase
-- rate: knocks at that deadwood or calls after that many turns, of all; Gin of all calls; knocks undercut; legal knocks passed up.
-- deadwood: the caller's optimal deadwood after its knocking play (cases =
-- knocks at that deadwood, opportunities = all knocks). turns: the caller's
-- turns in the round when it called Gin or Knock. gin rate: cases = Gin
-- calls, opportunities = Gin and Knock calls. undercut: knocks undercut.
-- passed up: plays where a legal knock was available (deadwood 10 or less,
-- not a first turn) and the round went on, by the stock left when the turn
-- began, in the fit's six phases (29-31, 26-28, 23-25, 19-22, 13-18, 0-12).
WITH calls AS (
  SELECT action, deadwood, turn, CAST(sum(calls) AS BIGINT) AS calls, CAST(sum(undercut) AS BIGINT) AS undercut
  FROM (SELECT r.action, f.deadwood_after AS deadwood, least(f.turn, 16) AS turn, count(*) AS calls,
               count(CASE WHEN (f.actor = 'you' AND r.opp_points > 0) OR (f.actor = 'opp' AND r.you_points > 0) THEN 1 END) AS undercut
        FROM raw_features f JOIN raw_rounds r ON r.game_id = f.game_id AND r.round = f.round
        WHERE f.last AND r.action IN ('Gin', 'Knock')
        GROUP BY r.action, f.deadwood_after, least(f.turn, 16)
        UNION ALL
        SELECT action, deadwood, turn, calls, undercut FROM roll_calls) c
  GROUP BY action, deadwood, turn
),
knocks AS (SELECT * FROM calls WHERE action = 'Knock'),
passed AS (
  SELECT stock_left, CAST(sum(could_knock) AS BIGINT) AS could_knock, CAST(sum(knock_passed) AS BIGINT) AS knock_passed
  FROM (SELECT stock_left, count(*) AS could_knock, count(CASE WHEN NOT last THEN 1 END) AS knock_passed
        FROM raw_features WHERE could_knock GROUP BY stock_left
        UNION ALL
        SELECT stock_left, could_knock, knock_passed FROM roll_plays) c
  GROUP BY stock_left
),
all_knocks AS (SELECT CAST(coalesce(sum(calls), 0) AS BIGINT) AS n FROM knocks),
all_calls AS (SELECT CAST(coalesce(sum(calls), 0) AS BIGINT) AS n FROM calls),
breakdown AS (
  SELECT 'deadwood at knock' AS dimension, deadwood AS ord, CAST(deadwood AS VARCHAR) AS value,
         CAST(sum(calls) AS BIGINT) AS cases, (SELECT n FROM all_knocks) AS opportunities
  FROM knocks GROUP BY deadwood
  UNION ALL
  SELECT 'turns before call', turn, CASE WHEN turn >= 16 THEN '16+' ELSE CAST(turn AS VARCHAR) END,
         CAST(sum(calls) AS BIGINT), (SELECT n FROM all_calls)
  FROM calls GROUP BY turn
  UNION ALL
  SELECT 'gin rate', 0, 'Gin of all calls',
         CAST(coalesce(sum(CASE WHEN action = 'Gin' THEN calls ELSE 0 END), 0) AS BIGINT), (SELECT n FROM all_calls)
  FROM calls
  UNION ALL
  SELECT 'undercut rate', 0, 'knocks undercut', CAST(coalesce(sum(undercut), 0) AS BIGINT), (SELECT n FROM all_knocks)
  FROM knocks
  UNION ALL
  SELECT 'legal knock passed up', p.ph, p.phase_name, CAST(sum(x.knock_passed) AS BIGINT), CAST(sum(x.could_knock) AS BIGINT)
  FROM passed x JOIN phases p ON x.stock_left BETWEEN p.low_left AND p.high_left
  GROUP BY p.ph, p.phase_name
  HAVING sum(x.could_knock) > 0
)
SELECT dimension, value, cases, opportunities FROM breakdown
ORDER BY CASE dimension WHEN 'deadwood at knock' THEN 0 WHEN 'turns before call' THEN 1 WHEN 'gin rate' THEN 2
         WHEN 'undercut rate' THEN 3 ELSE 4 END, ord
