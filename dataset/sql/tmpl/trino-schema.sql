{{- /* trino-schema: the Trino schema the dataset's tables go in. */ -}}
CREATE SCHEMA IF NOT EXISTS hive.ginlog;
