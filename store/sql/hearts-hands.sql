-- hearts-hands: the hands of the games with ids in [$1, $2], in order.
-- The cards come as one string, a byte per card: 'A' plus its enum code
-- (gin.Card), which reads far faster than a list.
SELECT game_id, hand, stamp, stamp_row, first,
       array_to_string(list_transform(cards, c -> chr(65 + enum_code(c))), '')
FROM hearts_hands
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, hand
