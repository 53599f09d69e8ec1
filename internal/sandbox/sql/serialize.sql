-- serialize: DuckDB's own parse of a statement ($1) as JSON: its statements
-- as trees, or the parser's error. It runs nothing of the statement.
SELECT json_serialize_sql($1::VARCHAR)::VARCHAR
