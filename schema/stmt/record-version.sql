-- record-version: a migration ($1, its version) applied, in the migration's
-- own transaction.
INSERT INTO schema_version (version) VALUES ($1)
