-- record-version: a migration ($1, its version) applied, in the migration's
-- own transaction.
INSERT INTO schema_version (version, applied_at) VALUES ($1, current_timestamp)
