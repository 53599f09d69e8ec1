-- prelude: the filtered views every query reads, defined from the filters
-- ($who, $opponent, $source, $since, $until, $game; NULL: no such filter).
-- Games logged by the other player of a game already loaded (mirror_of
-- set) are always left out, as are games of other kinds than Gin.
WITH params AS (
  SELECT CAST($who AS VARCHAR) AS who, CAST($opponent AS VARCHAR) AS opponent, CAST($source AS VARCHAR) AS source,
         CAST($since AS BIGINT) AS since, CAST($until AS BIGINT) AS until, CAST($game AS BIGINT) AS game
),
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
  SELECT unnest(CASE p.who WHEN 'both' THEN ['you', 'opp'] ELSE [p.who] END)::side AS side FROM params p
),
sel_rounds AS (SELECT r.* FROM rounds r SEMI JOIN sel_games USING (game_id)),
sel_plays AS (SELECT x.* FROM plays x SEMI JOIN sel_games USING (game_id) WHERE x.actor IN (SELECT side FROM sel_sides)),
sel_features AS (SELECT x.* FROM play_features x SEMI JOIN sel_games USING (game_id) WHERE x.actor IN (SELECT side FROM sel_sides)),
sel_checks AS (SELECT x.* FROM round_checks x SEMI JOIN sel_games USING (game_id))
