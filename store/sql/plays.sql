-- plays: the plays of the games with ids in [$1, $2], in order. Cards and
-- sides are read as their enum codes: gin.Card and gin.Seat.
SELECT game_id, round, enum_code(actor), hand_mask, hand[1] = drawn,
       enum_code(top), enum_code(drawn), enum_code(discarded)
FROM plays
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, round, ply
