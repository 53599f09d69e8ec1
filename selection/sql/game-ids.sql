-- game-ids: the ids of the selected games, in order.
SELECT game_id FROM sel_games ORDER BY game_id
