-- columns: the columns of the attached database's tables, in order.
SELECT table_name, column_name, data_type
FROM duckdb_columns()
WHERE database_name = 'src' AND schema_name = 'main'
ORDER BY table_name, column_index
