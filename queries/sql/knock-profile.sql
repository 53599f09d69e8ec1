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
  SELECT f.deadwood_after, f.turn, r.action, r.you_points, r.opp_points, f.actor
  FROM sel_features f JOIN sel_rounds r ON r.game_id = f.game_id AND r.round = f.round
  WHERE f.last AND r.action IN ('Gin', 'Knock')
),
knocks AS (SELECT * FROM calls WHERE action = 'Knock'),
passed AS (
  SELECT p.ph, p.phase_name, x.last AS ended
  FROM sel_features x JOIN phases p ON x.stock_left BETWEEN p.low_left AND p.high_left
  WHERE x.could_knock
),
breakdown AS (
  SELECT 'deadwood at knock' AS dimension, deadwood_after AS ord, CAST(deadwood_after AS VARCHAR) AS value,
         count(*) AS cases, (SELECT count(*) FROM knocks) AS opportunities
  FROM knocks GROUP BY deadwood_after
  UNION ALL
  SELECT 'turns before call', least(turn, 16), CASE WHEN turn >= 16 THEN '16+' ELSE CAST(turn AS VARCHAR) END,
         count(*), (SELECT count(*) FROM calls)
  FROM calls GROUP BY least(turn, 16), CASE WHEN turn >= 16 THEN '16+' ELSE CAST(turn AS VARCHAR) END
  UNION ALL
  SELECT 'gin rate', 0, 'Gin of all calls', count(CASE WHEN action = 'Gin' THEN 1 END), count(*) FROM calls
  UNION ALL
  SELECT 'undercut rate', 0, 'knocks undercut',
         count(CASE WHEN (actor = 'you' AND opp_points > 0) OR (actor = 'opp' AND you_points > 0) THEN 1 END), count(*)
  FROM knocks
  UNION ALL
  SELECT 'legal knock passed up', ph, phase_name,
         count(CASE WHEN NOT ended THEN 1 END), count(*)
  FROM passed GROUP BY ph, phase_name
)
SELECT dimension, value, cases, opportunities FROM breakdown
ORDER BY CASE dimension WHEN 'deadwood at knock' THEN 0 WHEN 'turns before call' THEN 1 WHEN 'gin rate' THEN 2
         WHEN 'undercut rate' THEN 3 ELSE 4 END, ord
