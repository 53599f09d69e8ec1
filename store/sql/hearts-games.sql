-- hearts-games: the Hearts games with ids in [$1, $2]: players, version
-- (its enum code: hlog.Version) and group folder.
SELECT game_id, players, enum_code(version), grp
FROM hearts_games
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id
