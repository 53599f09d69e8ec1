-- tags: every value of a tag ($kind: 'opponent' or 'source') on the games
-- (the other player's logs left out, as everywhere), NULL for the games
-- without one, with the games, the logged player's wins, and the first
-- and last log times; by value, NULL last.
SELECT CASE CAST($kind AS VARCHAR) WHEN 'opponent' THEN opponent ELSE source END AS value,
       count(*) AS games,
       count(*) FILTER (WHERE winner = 'you') AS wins,
       min(log_ts) AS first_ts,
       max(log_ts) AS last_ts
FROM games
WHERE mirror_of IS NULL
GROUP BY ALL
ORDER BY value NULLS LAST
