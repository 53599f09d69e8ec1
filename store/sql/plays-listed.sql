-- plays-listed: plays.sql with each hand also as the log lists it, card by
-- card: a list of enum codes (gin.Card), the drawn card first.
SELECT game_id, round, enum_code(actor), hand_mask, hand[1] = drawn,
       enum_code(top), enum_code(drawn), enum_code(discarded),
       list_transform(hand, c -> enum_code(c))
FROM plays
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, round, ply
