-- hearts-prelude: the filtered views every Hearts query reads, defined from
-- the selected Hearts games, sel_games, which package selection defines in
-- front of it (selection/sql/hearts-games.sql: games already loaded from
-- other files, mirror_of set, left out), as the Gin prelude does ($who is
-- not used: the rows are by player). A player is named as hearts_seats.player
-- names it: its id (its folder's name) qualified by its game's origin, or the
-- name the user merged it under (ginlog players); NULL for a player whose
-- files were not imported.
sel_checks AS (SELECT x.* FROM hearts_checks x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_hands AS (SELECT x.* FROM hearts_hand_checks x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_seats AS (SELECT x.* FROM hearts_seats x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_cards AS (SELECT x.* FROM hearts_cards x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_plays AS (SELECT x.* FROM hearts_plays x WHERE x.game_id IN (SELECT game_id FROM sel_games)),
sel_deviations AS (SELECT x.* FROM hearts_deviations x WHERE x.game_id IN (SELECT game_id FROM sel_games))
