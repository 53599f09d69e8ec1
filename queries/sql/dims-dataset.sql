-- dims-dataset: the dimensions the queries join, read from a dataset's
-- enums table (cards is a table of its own there), and the rollup tables
-- empty: a dataset holds no rollups, so every selected game is read from
-- its raw rows (see prelude.sql). Portable SQL.
sides AS (SELECT value AS side, code AS ord FROM enums WHERE type = 'side'),
relations AS (SELECT value AS relation, code AS ord FROM enums WHERE type = 'relation'),
rollup_groups AS (
  SELECT CAST(NULL AS INTEGER) AS grp, CAST(NULL AS BIGINT) AS block, CAST(NULL AS INTEGER) AS block_games,
         CAST(NULL AS VARCHAR) AS opponent, CAST(NULL AS VARCHAR) AS source, CAST(NULL AS INTEGER) AS games,
         CAST(NULL AS BIGINT) AS first_ts, CAST(NULL AS BIGINT) AS last_ts
  FROM enums WHERE 1 = 0
),
rollup_cards AS (
  SELECT CAST(NULL AS INTEGER) AS grp, CAST(NULL AS VARCHAR) AS side, CAST(NULL AS VARCHAR) AS card,
         CAST(NULL AS BIGINT) AS offered, CAST(NULL AS BIGINT) AS taken, CAST(NULL AS BIGINT) AS discarded,
         CAST(NULL AS BIGINT) AS discard_dead, CAST(NULL AS BIGINT) AS discard_best, CAST(NULL AS BIGINT) AS fed,
         CAST(NULL AS BIGINT) AS feedable, CAST(NULL AS BIGINT) AS held, CAST(NULL AS BIGINT) AS melded,
         CAST(NULL AS BIGINT) AS held_points
  FROM enums WHERE 1 = 0
),
rollup_plays AS (
  SELECT CAST(NULL AS INTEGER) AS grp, CAST(NULL AS VARCHAR) AS side, CAST(NULL AS VARCHAR) AS relation,
         CAST(NULL AS SMALLINT) AS stock_left, CAST(NULL AS SMALLINT) AS turn, CAST(NULL AS BIGINT) AS offered,
         CAST(NULL AS BIGINT) AS taken, CAST(NULL AS BIGINT) AS could_knock, CAST(NULL AS BIGINT) AS knock_passed
  FROM enums WHERE 1 = 0
),
rollup_calls AS (
  SELECT CAST(NULL AS INTEGER) AS grp, CAST(NULL AS VARCHAR) AS side, CAST(NULL AS VARCHAR) AS action,
         CAST(NULL AS SMALLINT) AS deadwood, CAST(NULL AS SMALLINT) AS turn, CAST(NULL AS BIGINT) AS calls,
         CAST(NULL AS BIGINT) AS undercut
  FROM enums WHERE 1 = 0
),
rollup_rounds AS (
  SELECT CAST(NULL AS INTEGER) AS grp, CAST(NULL AS VARCHAR) AS action, CAST(NULL AS SMALLINT) AS plays,
         CAST(NULL AS SMALLINT) AS stock_draws, CAST(NULL AS BIGINT) AS rounds
  FROM enums WHERE 1 = 0
),
rollup_sides AS (
  SELECT CAST(NULL AS INTEGER) AS grp, CAST(NULL AS VARCHAR) AS side, CAST(NULL AS BIGINT) AS games,
         CAST(NULL AS BIGINT) AS won, CAST(NULL AS BIGINT) AS rounds, CAST(NULL AS BIGINT) AS points,
         CAST(NULL AS BIGINT) AS gins, CAST(NULL AS BIGINT) AS knocks, CAST(NULL AS BIGINT) AS drops,
         CAST(NULL AS BIGINT) AS undercuts, CAST(NULL AS BIGINT) AS checked,
         CAST(NULL AS BIGINT) AS lost_rounds, CAST(NULL AS BIGINT) AS points_lost, CAST(NULL AS BIGINT) AS worst,
         CAST(NULL AS BIGINT) AS extra_declared
  FROM enums WHERE 1 = 0
)
