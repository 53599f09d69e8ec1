{{- /* count-parquet: the rows of the Parquet file .Path (a DuckDB literal). */ -}}
SELECT count(*) FROM read_parquet({{.Path}}, hive_partitioning = false)
