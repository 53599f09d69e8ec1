{{- /* rewrite: writes the rows .Query selects to the Parquet file .To (a
DuckDB literal), ZSTD-compressed as an export writes; .Query reads the
Parquet file .Path (a DuckDB literal) as the table f. */ -}}
COPY (WITH f AS (SELECT * FROM read_parquet({{.Path}}, hive_partitioning = false)) {{.Query}})
TO {{.To}} (FORMAT parquet, COMPRESSION zstd)
