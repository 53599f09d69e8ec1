-- known-files: which of the SHA-256 digests in the list $1 are those of a
-- file of a game the database holds.
SELECT DISTINCT sha256 FROM import_files
WHERE game_id IS NOT NULL AND sha256 IN (SELECT unnest(CAST($1 AS VARCHAR[])))
