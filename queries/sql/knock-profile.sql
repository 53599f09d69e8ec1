-- knock-profile: deadwood and timing of knocks, gin and undercut rates, legal knocks passed up by phase
-- deadwood: the caller's optimal deadwood after its knocking play (cases =
-- knocks at that deadwood, opportunities = all knocks). turns: the caller's
-- turns in the round when it called Gin or Knock. gin rate: cases = Gin
-- calls, opportunities = Gin and Knock calls. undercut: knocks undercut.
-- passed up: plays where a legal knock was available (deadwood 10 or less,
-- not a first turn) and the round went on, by stock left.
WITH calls AS (
  SELECT f.deadwood_after, f.turn, r.action, r.you_points, r.opp_points, f.actor
  FROM sel_features f JOIN sel_rounds r USING (game_id, round)
  WHERE f.last AND r.action IN ('Gin', 'Knock')
),
knocks AS (SELECT * FROM calls WHERE action = 'Knock'),
rows AS (
  SELECT 'deadwood at knock' AS dimension, deadwood_after AS ord, deadwood_after::VARCHAR AS value,
         count(*) AS cases, (SELECT count(*) FROM knocks) AS opportunities
  FROM knocks GROUP BY deadwood_after
  UNION ALL
  SELECT 'turns before call', least(turn, 16), CASE WHEN turn >= 16 THEN '16+' ELSE turn::VARCHAR END,
         count(*), (SELECT count(*) FROM calls)
  FROM calls GROUP BY least(turn, 16), CASE WHEN turn >= 16 THEN '16+' ELSE turn::VARCHAR END
  UNION ALL
  SELECT 'gin rate', 0, 'Gin of all calls', count(*) FILTER (WHERE action = 'Gin'), count(*) FROM calls
  UNION ALL
  SELECT 'undercut rate', 0, 'knocks undercut',
         count(*) FILTER (WHERE (actor = 'you' AND opp_points > 0) OR (actor = 'opp' AND you_points > 0)), count(*)
  FROM knocks
  UNION ALL
  SELECT 'legal knock passed up', CASE WHEN stock_left > 20 THEN 0 WHEN stock_left > 10 THEN 1 ELSE 2 END,
         CASE WHEN stock_left > 20 THEN 'early' WHEN stock_left > 10 THEN 'middle' ELSE 'late' END,
         count(*) FILTER (WHERE NOT last), count(*)
  FROM sel_features WHERE could_knock
  GROUP BY 2, 3
)
SELECT dimension, value, cases, opportunities FROM rows
ORDER BY CASE dimension WHEN 'deadwood at knock' THEN 0 WHEN 'turns before call' THEN 1 WHEN 'gin rate' THEN 2
         WHEN 'undercut rate' THEN 3 ELSE 4 END, ord
