-- knock-profile: deadwood and timing of knocks, gin and undercut rates, legal knocks passed up by phase
-- deadwood: the caller's optimal deadwood after its knocking play (cases =
-- knocks at that deadwood, opportunities = all knocks). turns: the caller's
-- turns in the round when it called Gin or Knock. gin rate: cases = Gin
-- calls, opportunities = Gin and Knock calls. undercut: knocks undercut.
-- passed up: plays where a legal knock was available (deadwood 10 or less,
-- not a first turn) and the round went on, by stock left.
WITH calls AS (
  SELECT f.deadwood_after, f.turn, r.action, r.you_points, r.opp_points, f.actor
  FROM sel_features f JOIN sel_rounds r ON r.game_id = f.game_id AND r.round = f.round
  WHERE f.last AND r.action IN ('Gin', 'Knock')
),
knocks AS (SELECT * FROM calls WHERE action = 'Knock'),
passed AS (
  SELECT CASE WHEN x.stock_left > 20 THEN 0 WHEN x.stock_left > 10 THEN 1 ELSE 2 END AS ph, x.last AS ended
  FROM sel_features x WHERE x.could_knock
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
  SELECT 'legal knock passed up', ph, CASE ph WHEN 0 THEN 'early' WHEN 1 THEN 'middle' ELSE 'late' END,
         count(CASE WHEN NOT ended THEN 1 END), count(*)
  FROM passed GROUP BY ph
)
SELECT dimension, value, cases, opportunities FROM breakdown
ORDER BY CASE dimension WHEN 'deadwood at knock' THEN 0 WHEN 'turns before call' THEN 1 WHEN 'gin rate' THEN 2
         WHEN 'undercut rate' THEN 3 ELSE 4 END, ord
