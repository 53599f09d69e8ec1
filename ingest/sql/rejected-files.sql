-- rejected-files: the files the import $1 rejected: those of the games it
-- rejected and those with an error of their own, as the import named them.
SELECT path FROM import_files WHERE import_id = $1 AND status = 'rejected'
UNION
SELECT file FROM import_errors WHERE import_id = $1
ORDER BY 1
