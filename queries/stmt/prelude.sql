-- prelude: the filtered views every query reads, defined from the filters
-- (the params row: who, opponent, source, since, until, game; NULL: no
-- such filter) and the sides dimension. Games logged by the other player
-- of a game already loaded (mirror_of set) are always left out, as are
-- games of other kinds than Gin. It is written in the SQL that DuckDB,
-- Spark SQL and Trino share (see docs/dataset.md): no enum codes, no
-- lists, no DuckDB-only joins.
sel_games AS (
  SELECT g.* FROM games g, params p
  WHERE g.mirror_of IS NULL AND g.kind = 'gin'
    AND (p.opponent IS NULL OR g.opponent = p.opponent)
    AND (p.source IS NULL OR g.source = p.source)
    AND (p.since IS NULL OR g.log_ts >= p.since)
    AND (p.until IS NULL OR g.log_ts < p.until)
    AND (p.game IS NULL OR g.game_id = p.game)
),
sel_sides AS (
  SELECT s.side, s.ord FROM sides s, params p WHERE p.who = 'both' OR s.side = p.who
),
sel_rounds AS (SELECT r.* FROM rounds r WHERE r.game_id IN (SELECT game_id FROM sel_games)),
sel_plays AS (
  SELECT x.* FROM plays x
  WHERE x.game_id IN (SELECT game_id FROM sel_games) AND x.actor IN (SELECT side FROM sel_sides)
),
sel_features AS (
  SELECT x.* FROM play_features x
  WHERE x.game_id IN (SELECT game_id FROM sel_games) AND x.actor IN (SELECT side FROM sel_sides)
),
sel_checks AS (SELECT x.* FROM round_checks x WHERE x.game_id IN (SELECT game_id FROM sel_games))
