-- record-import: an import starts: its id, start time, paths and tags
-- ($1 to $5); finished_at stays NULL until finish-import.
INSERT INTO imports (import_id, started_at, paths, source, opponent) VALUES ($1, $2, $3, $4, $5)
