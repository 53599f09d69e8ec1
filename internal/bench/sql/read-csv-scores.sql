-- read-csv-scores: the reference loader's score files ($1, a glob) into a
-- raw table shaped like them.
CREATE TABLE raw_scores AS
SELECT * FROM read_csv($1, header = false, filename = true, auto_detect = false, delim = ',', quote = '',
  columns = {'round': 'SMALLINT', 'you_points': 'SMALLINT', 'opp_points': 'SMALLINT', 'action': 'VARCHAR', 'caller': 'TINYINT'})
