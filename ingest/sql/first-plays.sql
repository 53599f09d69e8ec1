-- first-plays: the first play of each Gin game with an id in [$1, $2], as
-- game-plays.sql reads a play: game, round, actor, the hand card by card,
-- top, drawn and discarded, cards and sides as their enum codes. The
-- plays are stored in game id order, so a range of ids reads few row
-- groups.
SELECT game_id, round, enum_code(actor), list_transform(hand, c -> enum_code(c)),
       enum_code(top), enum_code(drawn), enum_code(discarded)
FROM plays
WHERE game_id BETWEEN $1 AND $2 AND round = 1 AND ply = 1
