{{- /* parquet-view: the view of a table over its Parquet files (.Files:
DuckDB literals), partition columns read from the paths as strings. */ -}}
CREATE VIEW {{.Name}} AS SELECT {{.Columns}} FROM read_parquet([{{.Files}}],
{{- if .Partitioned}} hive_partitioning = true, hive_types = {'{{.SourceColumn}}': VARCHAR, '{{.MonthColumn}}': VARCHAR}
{{- else}} hive_partitioning = false{{end}}, union_by_name = true)
