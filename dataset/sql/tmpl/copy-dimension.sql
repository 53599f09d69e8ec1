{{- /* copy-dimension: writes a dimension (.Query) to the Parquet file .Path
(a DuckDB literal). */ -}}
COPY ({{.Query}}) TO {{.Path}} (FORMAT parquet, COMPRESSION zstd)
