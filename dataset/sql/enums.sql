-- enums: the attached database's ENUM types and their values, in order.
SELECT type_name, CAST(labels AS VARCHAR[]) AS labels
FROM duckdb_types()
WHERE database_name = 'src' AND logical_type = 'ENUM' AND labels IS NOT NULL
ORDER BY type_name
