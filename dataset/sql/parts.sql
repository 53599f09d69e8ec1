-- parts: the partition folders of the batch (batch.sql), by number.
SELECT part, source, import_month FROM parts ORDER BY part
