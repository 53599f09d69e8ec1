-- hearts-games: the Hearts games the filters select (the params row), as
-- the common table expression sel_games that every statement over Hearts
-- games reads, with each game's players, version and group from
-- hearts_games. Games already loaded from other files (mirror_of set) are
-- left out.
sel_games AS (
  SELECT g.*, h.players, h.version, h.grp FROM games g JOIN hearts_games h USING (game_id), params p
  WHERE g.mirror_of IS NULL AND g.kind = 'hearts'
    AND (p.opponent IS NULL OR g.opponent = p.opponent)
    AND (p.source IS NULL OR g.source = p.source)
    AND (p.since IS NULL OR g.log_ts >= p.since)
    AND (p.until IS NULL OR g.log_ts < p.until)
    AND (p.game IS NULL OR g.game_id = p.game)
)
