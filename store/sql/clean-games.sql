-- clean-games: the games verified without a violation, in id order.
SELECT game_id FROM game_checks WHERE violations = 0 ORDER BY game_id
