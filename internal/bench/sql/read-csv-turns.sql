-- read-csv-turns: the reference loader's turn files ($1, a glob) into a raw
-- table shaped like them, typed, the file name kept; read_csv checks only
-- the types.
CREATE TABLE raw_turns AS
SELECT * FROM read_csv($1, header = false, filename = true, auto_detect = false, delim = ',', quote = '',
  columns = {'round': 'SMALLINT', 'hand': 'VARCHAR', 'player': 'TINYINT', 'top': 'VARCHAR', 'drawn': 'VARCHAR', 'discarded': 'VARCHAR'})
