-- count-raw-hearts: the rows read_csv read from the Hearts files (see
-- read-csv-hearts.sql).
SELECT count(*) FROM raw_hearts
