-- next-import: the id of a new import.
SELECT coalesce(max(import_id), 0) + 1 FROM imports
