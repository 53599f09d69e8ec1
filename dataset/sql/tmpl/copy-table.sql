{{- /* copy-table: writes the rows of a table (.Name, quoted) of the
batch's imports to the staging folder .Stage (a DuckDB literal), one
folder per partition number; .Parts is game_parts or import_parts, joined
on .Key. No ORDER BY: sorting costs more than the rest of the copy, and
the scan already gives the rows mostly in the database's order. */ -}}
COPY (SELECT {{.Columns}}, b.part AS ginlog_part FROM src.main.{{.Name}} x JOIN {{.Parts}} b ON b.{{.Key}} = x.{{.Key}})
TO {{.Stage}} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (ginlog_part))
