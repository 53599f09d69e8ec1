{{- /* empty-view: the view of a table with no files yet: no rows, its
columns typed (.Columns: CAST(NULL AS type) AS name, ...). */ -}}
CREATE VIEW {{.Name}} AS SELECT {{.Columns}} WHERE false
