-- read-csv-hearts: the reference loader's Hearts files ($1, a glob) into a
-- raw table shaped like them, typed, the file name kept; read_csv checks
-- only the types.
CREATE TABLE raw_hearts AS
SELECT * FROM read_csv($1, header = false, filename = true, auto_detect = false, delim = ',', quote = '"',
  columns = {'time': 'BIGINT', 'pos': 'TINYINT', 'score': 'SMALLINT', 'first': 'TINYINT', 'tricks': 'VARCHAR'})
