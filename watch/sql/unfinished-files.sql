-- unfinished-files: the files the import $1 loaded or found again whose
-- game verify found unfinished (the violation code $2): a game read
-- before its files were whole, which watch leaves in place until they
-- change, so that it sees them grow.
SELECT DISTINCT f.path
FROM import_files f
WHERE f.import_id = $1
  AND f.game_id IN (SELECT game_id FROM violations WHERE code = $2)
ORDER BY 1
