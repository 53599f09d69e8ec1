-- tags-kept: how many of the games import $1 found already loaded
-- (duplicates, counted by their turn files) carry tags other than the
-- opponent $2 and the source $3 it was given; a tag not given ($2 or $3
-- NULL) is not compared. A duplicate of a game the same import loaded
-- carries the import's own tags, so only games loaded before it count.
SELECT count(*)
FROM import_files f JOIN games g USING (game_id)
WHERE f.import_id = $1 AND f.status = 'duplicate' AND f.kind = 'turns'
  AND ((CAST($2 AS VARCHAR) IS NOT NULL AND g.opponent IS DISTINCT FROM $2)
    OR (CAST($3 AS VARCHAR) IS NOT NULL AND g.source IS DISTINCT FROM $3))
