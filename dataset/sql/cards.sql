-- cards: the cards dimension, from the values of the ENUM card in their
-- order (the gin package's card numbers): suit and rank by name and by
-- number, points, and bit, the card's bit in a hand mask (2^code).
SELECT label AS card, CAST(code AS INTEGER) AS code,
       substr(label, 1, 1) AS suit, CAST(code // 13 AS INTEGER) AS suit_code,
       substr(label, 2) AS rank, CAST(code % 13 AS INTEGER) AS rank_code,
       CAST(least(code % 13 + 1, 10) AS INTEGER) AS points, CAST(1 AS BIGINT) << code AS bit
FROM (SELECT unnest(labels) AS label, generate_subscripts(labels, 1) - 1 AS code FROM enum_values WHERE type_name = 'card')
ORDER BY code
