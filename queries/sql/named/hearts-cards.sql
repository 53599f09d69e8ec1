-- hearts-cards: each card: how often it takes its trick, leads it, or is dumped off-suit (determined hands)
-- rate: times the card did that (took its trick, led, was dumped), of times it was played.
-- One row per card and measure, opportunities = times it was played:
-- wins (cases = it took the trick), leads (it led), dumped (it was not of
-- the led suit). Cards by suit (S, C, D, H), then rank from 2 to the ace.
WITH c AS (
  SELECT card, CAST(sum(played) AS BIGINT) AS played, CAST(sum(wins) AS BIGINT) AS wins,
         CAST(sum(leads) AS BIGINT) AS leads, CAST(sum(dumped) AS BIGINT) AS dumped
  FROM sel_cards
  GROUP BY card
),
m AS (
  SELECT 0 AS o, 'wins' AS measure
  UNION ALL SELECT 1, 'leads'
  UNION ALL SELECT 2, 'dumped'
)
SELECT CAST(c.card AS VARCHAR) AS card, m.measure,
       CASE m.measure WHEN 'wins' THEN c.wins WHEN 'leads' THEN c.leads ELSE c.dumped END AS cases,
       c.played AS opportunities
FROM c JOIN cards k ON k.card = c.card CROSS JOIN m
ORDER BY k.suit_code, (k.rank_code + 12) % 13, m.o
