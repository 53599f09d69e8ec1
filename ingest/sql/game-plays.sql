-- game-plays: the plays of the game $1 as its turn file lists them, in
-- order: round, actor, the hand card by card (the drawn card first), top,
-- drawn and discarded, cards and sides as their enum codes (gin.Card and
-- gin.Seat).
SELECT round, enum_code(actor), list_transform(hand, c -> enum_code(c)),
       enum_code(top), enum_code(drawn), enum_code(discarded)
FROM plays
WHERE game_id = $1
ORDER BY round, ply
