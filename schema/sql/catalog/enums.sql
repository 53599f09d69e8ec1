-- enums: the ENUM types the schema creates, with their values in order.
SELECT type_name, labels
FROM duckdb_types()
WHERE database_name = current_database() AND schema_name = 'main' AND logical_type = 'ENUM' AND NOT internal
ORDER BY type_oid
