-- hearts-files: the files of the games with ids in [$1, $2]: each stamp's
-- file of each pos.
SELECT game_id, stamp, pos, path, sha256
FROM game_files
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, stamp, pos
