-- game-kind: the kind of game $1 ('gin', 'hearts'); no row when there is
-- no such game.
SELECT kind::VARCHAR FROM games WHERE game_id = $1
