-- tendencies-chunks: the chunks of $n consecutive game ids (game id //
-- $n) that hold a selected game the rollups do not cover, in order: the
-- tendencies statement counts such games a chunk at a time.
SELECT DISTINCT game_id // $n AS chunk FROM raw_games ORDER BY chunk
