-- hearts-prelude: the filtered views every Hearts query reads, defined from
-- the filters (the params row) as the Gin prelude does ($who is not used: the rows are by
-- player). Games already loaded from other files (mirror_of set) are left
-- out. A player is named by its id (its folder's name), NULL for a player
-- whose files were not imported; ids are per folder of logs, so tag imports
-- with --source to tell two folders' players apart.
sel_games AS (
  SELECT g.*, h.players, h.version, h.grp FROM games g JOIN hearts_games h USING (game_id), params p
  WHERE g.mirror_of IS NULL AND g.kind = 'hearts'
    AND (p.opponent IS NULL OR g.opponent = p.opponent)
    AND (p.source IS NULL OR g.source = p.source)
    AND (p.since IS NULL OR g.log_ts >= p.since)
    AND (p.until IS NULL OR g.log_ts < p.until)
    AND (p.game IS NULL OR g.game_id = p.game)
),
sel_checks AS (SELECT x.* FROM hearts_checks x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_hands AS (SELECT x.* FROM hearts_hand_checks x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_seats AS (SELECT x.* FROM hearts_seats x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_cards AS (SELECT x.* FROM hearts_cards x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_plays AS (SELECT x.* FROM hearts_plays x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_deviations AS (SELECT x.* FROM hearts_deviations x WHERE x.game_id IN (SELECT game_id FROM sel_games))
