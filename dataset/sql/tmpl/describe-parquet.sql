{{- /* describe-parquet: the columns of the Parquet file .Path (a DuckDB
literal), names and DuckDB types, in order, read from its footer; its
folders are not read as partitions. */ -}}
SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet({{.Path}}, hive_partitioning = false))
