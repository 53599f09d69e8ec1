-- params: the filters as bound parameters ($who, $opponent, $source,
-- $since, $until, $game; NULL: no such filter), for DuckDB.
params AS (
  SELECT CAST($who AS VARCHAR) AS who, CAST($opponent AS VARCHAR) AS opponent, CAST($source AS VARCHAR) AS source,
         CAST($since AS BIGINT) AS since, CAST($until AS BIGINT) AS until, CAST($game AS BIGINT) AS game
)
