-- version: the schema version of the database, 0 when none was recorded.
SELECT coalesce(max(version), 0) FROM schema_version
