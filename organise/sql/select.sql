-- select: the ids of the games a selection names, in order, the other
-- player's logs of a game included. Each part narrows it: ids within one
-- of the ranges $first[i] to $last[i] (an empty list: any id); games in
-- the files of one of the imports $imports (empty: any import), loaded by
-- it or found again as duplicates; games tagged $opponent and $source;
-- logged at or after $since and before $until (NULL: no such bound).
SELECT g.game_id
FROM games g
WHERE (len(CAST($first AS BIGINT[])) = 0 OR EXISTS (
        SELECT 1 FROM (SELECT unnest(CAST($first AS BIGINT[])) AS lo, unnest(CAST($last AS BIGINT[])) AS hi) r
        WHERE g.game_id BETWEEN r.lo AND r.hi))
  AND (len(CAST($imports AS INTEGER[])) = 0 OR g.game_id IN (
        SELECT f.game_id FROM import_files f WHERE list_contains(CAST($imports AS INTEGER[]), f.import_id)))
  AND ($opponent IS NULL OR g.opponent = $opponent)
  AND ($source IS NULL OR g.source = $source)
  AND ($since IS NULL OR g.log_ts >= $since)
  AND ($until IS NULL OR g.log_ts < $until)
ORDER BY g.game_id
