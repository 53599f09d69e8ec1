-- prelude: the filtered views every query reads, defined from the filters
-- (the params row: who, opponent, source, since, until, game; NULL: no
-- such filter), the sides dimension and the selected games, sel_games,
-- which package selection defines in front of it (selection/sql/games.sql:
-- the Gin games, the other player's logs of a game left out). It is
-- written in the SQL that DuckDB, Spark SQL and Trino share (see
-- docs/dataset.md): no enum codes, no lists, no DuckDB-only joins.
--
-- The raw_* views and the roll_* ones split the selection for the named
-- queries: roll_groups are the rollup groups (rollup_groups) whose every
-- game the filters select, roll_* their rollup rows (of the selected
-- sides, but roll_sides of both), and raw_games are the other selected
-- games, whose rows raw_features, raw_rounds and raw_checks hold (of the
-- selected sides for raw_features). A named query adds up both parts.
-- raw_games matches a game to its group by equalities only (a tag, and
-- whether it is NULL), so that the join is a hash join: a NULL-safe OR
-- there costs a second of CPU per million games.
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
sel_checks AS (SELECT x.* FROM round_checks x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
rollup_size AS (SELECT coalesce(max(block_games), 1) AS n FROM rollup_groups),
roll_groups AS (
  SELECT u.grp, u.block, u.opponent, u.source FROM rollup_groups u, rollup_size z, params p
  WHERE u.block_games = z.n AND p.game IS NULL
    AND (p.opponent IS NULL OR u.opponent = p.opponent)
    AND (p.source IS NULL OR u.source = p.source)
    AND (p.since IS NULL OR u.first_ts >= p.since)
    AND (p.until IS NULL OR u.last_ts < p.until)
),
raw_games AS (
  SELECT g.*
  FROM sel_games g CROSS JOIN rollup_size z
  LEFT JOIN roll_groups u ON u.block = g.game_id - g.game_id % z.n
   AND coalesce(u.opponent, '') = coalesce(g.opponent, '') AND (u.opponent IS NULL) = (g.opponent IS NULL)
   AND coalesce(u.source, '') = coalesce(g.source, '') AND (u.source IS NULL) = (g.source IS NULL)
  WHERE u.grp IS NULL
),
raw_rounds AS (SELECT r.* FROM rounds r WHERE r.game_id IN (SELECT game_id FROM raw_games)),
raw_features AS (
  SELECT x.* FROM play_features x
  WHERE x.game_id IN (SELECT game_id FROM raw_games) AND x.actor IN (SELECT side FROM sel_sides)
),
raw_checks AS (SELECT x.* FROM round_checks x WHERE x.game_id IN (SELECT game_id FROM raw_games)),
roll_cards AS (
  SELECT x.* FROM rollup_cards x
  WHERE x.grp IN (SELECT grp FROM roll_groups) AND x.side IN (SELECT side FROM sel_sides)
),
roll_plays AS (
  SELECT x.* FROM rollup_plays x
  WHERE x.grp IN (SELECT grp FROM roll_groups) AND x.side IN (SELECT side FROM sel_sides)
),
roll_calls AS (
  SELECT x.* FROM rollup_calls x
  WHERE x.grp IN (SELECT grp FROM roll_groups) AND x.side IN (SELECT side FROM sel_sides)
),
roll_rounds AS (SELECT x.* FROM rollup_rounds x WHERE x.grp IN (SELECT grp FROM roll_groups)),
roll_sides AS (SELECT x.* FROM rollup_sides x WHERE x.grp IN (SELECT grp FROM roll_groups))
