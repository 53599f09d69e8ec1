-- schema-version: the schema version of the attached database (0 when it
-- has no migrations table rows).
SELECT coalesce(max(version), 0) FROM src.main.schema_version
