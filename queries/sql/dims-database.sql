-- dims-database: the dimensions the queries join, read from the ENUM types
-- of a ginlog database (DuckDB). A dataset holds the same as its cards and
-- enums tables (see dims-dataset.sql). cards: the 52 cards in gin's order
-- (code), with suit and rank names and codes, points, and bit, the card's
-- bit in a hand mask (2^code). sides and relations: the values of those
-- ENUMs with their order.
cards AS (
  SELECT c AS card, enum_code(c) AS code,
         substr(CAST(c AS VARCHAR), 1, 1) AS suit, enum_code(c) // 13 AS suit_code,
         substr(CAST(c AS VARCHAR), 2) AS rank, enum_code(c) % 13 AS rank_code,
         least(enum_code(c) % 13 + 1, 10) AS points, CAST(1 AS UBIGINT) << enum_code(c) AS bit
  FROM (SELECT CAST(unnest(enum_range(NULL::card)) AS card) AS c)
),
sides AS (SELECT s AS side, enum_code(s) AS ord FROM (SELECT CAST(unnest(enum_range(NULL::side)) AS side) AS s)),
relations AS (SELECT r AS relation, enum_code(r) AS ord FROM (SELECT CAST(unnest(enum_range(NULL::relation)) AS relation) AS r))
