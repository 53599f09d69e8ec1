-- objects: how many tables and views the database holds, and how many of
-- them are schema_version. Another program's DuckDB file holds objects but
-- no schema_version; an empty file holds neither.
SELECT count(*), count(*) FILTER (WHERE name = 'schema_version')
FROM (
  SELECT table_name AS name FROM duckdb_tables() WHERE database_name = current_database() AND NOT internal
  UNION ALL
  SELECT view_name FROM duckdb_views() WHERE database_name = current_database() AND NOT internal
)
