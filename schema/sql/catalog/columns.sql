-- columns: every column of the database's tables, in table then column
-- order: its type as DuckDB spells it (an ENUM by its values), whether it
-- may be NULL, whether it is (part of) the primary key, and its comment.
SELECT c.table_name, c.column_name, c.data_type, c.is_nullable,
       coalesce(list_contains(k.constraint_column_names, c.column_name), false),
       coalesce(c.comment, '')
FROM duckdb_columns() c
LEFT JOIN duckdb_constraints() k
  ON k.database_name = c.database_name AND k.schema_name = c.schema_name
 AND k.table_name = c.table_name AND k.constraint_type = 'PRIMARY KEY'
WHERE c.database_name = current_database() AND c.schema_name = 'main' AND NOT c.internal
ORDER BY c.table_oid, c.column_index
