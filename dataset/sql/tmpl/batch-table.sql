{{- /* batch-table: the imports an export adds (.Values: one (id) row each). */ -}}
CREATE OR REPLACE TABLE batch (import_id BIGINT);
INSERT INTO batch VALUES {{.Values}}
