-- export-database: the reference an export is measured against: DuckDB's
-- own EXPORT DATABASE of every table to Parquet files, one per table, no
-- partitions, no types changed (the folder is appended by the caller).
EXPORT DATABASE
