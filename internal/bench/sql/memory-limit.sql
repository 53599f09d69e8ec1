-- memory-limit: DuckDB's memory limit as it reads it ('18.8 GiB').
SELECT current_setting('memory_limit')
