-- version-table: the table of the schema versions applied, made before the
-- first migration. Its comments come with migration 004. applied_at has no
-- DEFAULT (record-version.sql sets it): see 004_comments.sql.
CREATE TABLE IF NOT EXISTS schema_version (
  version    INTEGER PRIMARY KEY,
  applied_at TIMESTAMP NOT NULL
)
