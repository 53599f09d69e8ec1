-- summary: what the verdicts of the Gin games with ids in [$1, $2] add up
-- to, as replay.Summary counts them: the games with their rounds by
-- status and how many break a rule; the points lost to weak
-- declarations; the violations by code.
SELECT count(*), coalesce(sum(exact), 0), coalesce(sum(explained), 0), coalesce(sum(impossible), 0),
       count(*) FILTER (WHERE violations > 0)
FROM game_checks
WHERE game_id BETWEEN $1 AND $2;

SELECT coalesce(sum(points_lost_you), 0), coalesce(sum(points_lost_opp), 0)
FROM round_checks
WHERE game_id BETWEEN $1 AND $2;

SELECT code, count(*)
FROM violations
WHERE game_id BETWEEN $1 AND $2
GROUP BY code;
