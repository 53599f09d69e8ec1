{{- /* enum-values-table: the database's ENUM values, as .Query (enums.sql)
reads them, kept in a table for the export's dimensions. */ -}}
CREATE OR REPLACE TABLE enum_values AS
{{.Query}}
