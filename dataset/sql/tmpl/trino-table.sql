{{- /* trino-table: a table of the dataset as an external table of a Trino
Hive catalog over its folder, and the call that finds its partitions
(.Name a plain table name, .Columns quoted for Trino, .Location a Trino
literal). */ -}}
CREATE TABLE IF NOT EXISTS hive.ginlog.{{.Name}} (
  {{.Columns}}
) WITH (format = 'PARQUET', external_location = {{.Location}}
{{- if .Partitioned}}, partitioned_by = ARRAY['{{.SourceColumn}}', '{{.MonthColumn}}']{{end}});
{{- if .Partitioned}}
CALL hive.system.sync_partition_metadata('ginlog', '{{.Name}}', 'FULL');
{{- end}}
