-- hearts-prelude: the filtered views every Hearts query reads, defined from
-- the filters as the Gin prelude does ($who is not used: the rows are by
-- player). Games already loaded from other files (mirror_of set) are left
-- out. A player is named by its id (its folder's name), NULL for a player
-- whose files were not imported; ids are per folder of logs, so tag imports
-- with --source to tell two folders' players apart.
WITH params AS (
  SELECT CAST($who AS VARCHAR) AS who, CAST($opponent AS VARCHAR) AS opponent, CAST($source AS VARCHAR) AS source,
         CAST($since AS BIGINT) AS since, CAST($until AS BIGINT) AS until, CAST($game AS BIGINT) AS game
),
sel_games AS (
  SELECT g.*, h.players, h.version, h.grp FROM games g JOIN hearts_games h USING (game_id), params p
  WHERE g.mirror_of IS NULL AND g.kind = 'hearts'
    AND (p.opponent IS NULL OR g.opponent = p.opponent)
    AND (p.source IS NULL OR g.source = p.source)
    AND (p.since IS NULL OR g.log_ts >= p.since)
    AND (p.until IS NULL OR g.log_ts < p.until)
    AND (p.game IS NULL OR g.game_id = p.game)
),
sel_checks AS (SELECT x.* FROM hearts_checks x SEMI JOIN sel_games USING (game_id)),
sel_hands AS (SELECT x.* FROM hearts_hand_checks x SEMI JOIN sel_games USING (game_id)),
sel_seats AS (SELECT x.* FROM hearts_seats x SEMI JOIN sel_games USING (game_id)),
sel_cards AS (SELECT x.* FROM hearts_cards x SEMI JOIN sel_games USING (game_id)),
sel_plays AS (SELECT x.* FROM hearts_plays x SEMI JOIN sel_games USING (game_id)),
sel_deviations AS (SELECT x.* FROM hearts_deviations x SEMI JOIN sel_games USING (game_id))
