-- version-table: the table of the schema versions applied, made before the
-- first migration. Its comments come with migration 003.
CREATE TABLE IF NOT EXISTS schema_version (
  version    INTEGER PRIMARY KEY,
  applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp
)
