-- finish-import: an import ($2) ends at $1.
UPDATE imports SET finished_at = $1 WHERE import_id = $2
