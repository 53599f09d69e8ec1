-- game: a game's row of games: its log, tags, totals and winner.
SELECT log_ts, coalesce(opponent, ''), coalesce(source, ''), you_total, opp_total, enum_code(winner)
FROM games
WHERE game_id = $1
