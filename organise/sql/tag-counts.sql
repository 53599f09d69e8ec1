-- tag-counts: the values the games in the list $ids carry, by tag
-- ('opponent' or 'source'), NULL for untagged, with how many carry each;
-- by tag, then by games (most first), then by value.
SELECT 'opponent' AS tag, opponent AS value, count(*) AS games
FROM games WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])))
GROUP BY opponent
UNION ALL
SELECT 'source', source, count(*)
FROM games WHERE game_id IN (SELECT unnest(CAST($ids AS BIGINT[])))
GROUP BY source
ORDER BY tag, games DESC, value NULLS LAST
