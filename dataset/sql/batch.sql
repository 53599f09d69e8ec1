-- batch: the partitions of the imports an export adds (listed in the
-- table batch): each import's and each game's source and import month,
-- and a number per partition; then the partition of each game and import.
CREATE OR REPLACE TABLE batch_imports AS
  SELECT i.import_id, i.source, strftime(i.started_at, '%Y-%m') AS import_month
  FROM src.main.imports i WHERE i.import_id IN (SELECT import_id FROM batch);
CREATE OR REPLACE TABLE batch_games AS
  SELECT g.game_id, g.source, b.import_month
  FROM src.main.games g JOIN batch_imports b ON b.import_id = g.import_id;
CREATE OR REPLACE TABLE parts AS
  SELECT CAST(row_number() OVER (ORDER BY source NULLS FIRST, import_month) - 1 AS INTEGER) AS part, source, import_month
  FROM (SELECT source, import_month FROM batch_imports UNION SELECT source, import_month FROM batch_games);
CREATE OR REPLACE TABLE game_parts AS
  SELECT b.game_id, p.part FROM batch_games b
  JOIN parts p ON p.source IS NOT DISTINCT FROM b.source AND p.import_month = b.import_month;
CREATE OR REPLACE TABLE import_parts AS
  SELECT b.import_id, p.part FROM batch_imports b
  JOIN parts p ON p.source IS NOT DISTINCT FROM b.source AND p.import_month = b.import_month;
