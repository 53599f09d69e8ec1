-- tags-kept: how many of the duplicates $1 (the ids of the games loaded
-- before the import that it found again, once for each time) carry tags
-- other than the opponent $2 and the source $3 the import was given; a tag
-- not given ($2 or $3 NULL) is not compared.
SELECT count(*)
FROM unnest(CAST($1 AS BIGINT[])) AS d(game_id) JOIN games g USING (game_id)
WHERE (CAST($2 AS VARCHAR) IS NOT NULL AND g.opponent IS DISTINCT FROM $2)
   OR (CAST($3 AS VARCHAR) IS NOT NULL AND g.source IS DISTINCT FROM $3)
