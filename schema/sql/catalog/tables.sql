-- tables: the database's tables with their comments, in the order they
-- were created (schema_version first, then each migration's).
SELECT table_name, coalesce(comment, '')
FROM duckdb_tables()
WHERE database_name = current_database() AND schema_name = 'main' AND NOT internal
ORDER BY table_oid
