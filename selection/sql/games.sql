-- games: the Gin games the filters select (the params row: opponent,
-- source, since, until, game; NULL: no such filter), as the common table
-- expression sel_games that every statement over Gin games reads. Games
-- logged by the other player of a game already loaded (mirror_of set) are
-- always left out, as are games of other kinds than Gin. Portable SQL (see
-- docs/dataset.md).
sel_games AS (
  SELECT g.* FROM games g, params p
  WHERE g.mirror_of IS NULL AND g.kind = 'gin'
    AND (p.opponent IS NULL OR g.opponent = p.opponent)
    AND (p.source IS NULL OR g.source = p.source)
    AND (p.since IS NULL OR g.log_ts >= p.since)
    AND (p.until IS NULL OR g.log_ts < p.until)
    AND (p.game IS NULL OR g.game_id = p.game)
)
