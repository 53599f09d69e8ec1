-- meld-loss: points each side lost by declaring worse melds than it had (from verify)
-- rate: rounds the side lost points by declaring worse melds than its best, of verified rounds.
-- cases = rounds in which the side declared worse than its best and lost
-- points by it, opportunities = verified rounds. points_lost is the total
-- over the selection; worst the most in one round.
WITH c AS (
  SELECT s.side,
         CASE WHEN s.side = 'you' THEN k.points_lost_you ELSE k.points_lost_opp END AS lost,
         CASE WHEN s.side = 'you' THEN k.declared_you - k.best_you ELSE k.declared_opp - k.best_opp END AS extra
  FROM raw_checks k CROSS JOIN sides s
),
per AS (
  SELECT side, count(CASE WHEN lost > 0 THEN 1 END) AS cases, count(*) AS checked,
         sum(lost) AS lost, max(lost) AS worst, sum(extra) AS extra
  FROM c GROUP BY side
  UNION ALL
  SELECT side, lost_rounds, checked, points_lost, worst, extra_declared FROM roll_sides
)
SELECT CAST(side AS VARCHAR) AS side,
       CAST(sum(cases) AS BIGINT) AS cases, CAST(sum(checked) AS BIGINT) AS opportunities,
       CAST(coalesce(sum(lost), 0) AS BIGINT) AS points_lost,
       round(CAST(coalesce(sum(lost), 0) AS DOUBLE) / nullif(sum(checked), 0), 2) AS lost_per_round,
       coalesce(max(worst), 0) AS worst,
       CAST(coalesce(sum(extra), 0) AS BIGINT) AS extra_deadwood_declared
FROM per
GROUP BY side
HAVING sum(checked) > 0
ORDER BY CAST(side AS VARCHAR)
