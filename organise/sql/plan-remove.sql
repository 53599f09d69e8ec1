-- plan-remove: what removing the games in the list $ids takes with them:
-- their rounds and plays, and the games that stand for them afterwards:
-- for each removed game that games left in place mirror (the other
-- player's logs of it), the first of those, as (heir, gone).
SELECT 'size' AS kind, count(*) AS a, coalesce(sum(rounds), 0) AS b, coalesce(sum(plays), 0) AS c
FROM games WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])))
UNION ALL
SELECT 'heir', min(game_id), mirror_of, 0
FROM games
WHERE mirror_of IN (SELECT unnest(CAST($ids AS BIGINT[]))) AND game_id NOT IN (SELECT unnest(CAST($ids AS BIGINT[])))
GROUP BY mirror_of
ORDER BY kind DESC, a
