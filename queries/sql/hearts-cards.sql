-- hearts-cards: each card: how often it takes its trick, leads it, or is dumped off-suit (determined hands)
-- One row per card and measure, opportunities = times it was played:
-- wins (cases = it took the trick), leads (it led), dumped (it was not of
-- the led suit).
WITH c AS (
  SELECT card, sum(played)::BIGINT AS played, sum(wins)::BIGINT AS wins, sum(leads)::BIGINT AS leads, sum(dumped)::BIGINT AS dumped
  FROM sel_cards
  GROUP BY card
)
SELECT card::VARCHAR AS card, m.measure, CASE m.measure WHEN 'wins' THEN wins WHEN 'leads' THEN leads ELSE dumped END AS cases,
       played AS opportunities
FROM c, (SELECT unnest(['wins', 'leads', 'dumped']) AS measure) m
ORDER BY enum_code(card) // 13, (enum_code(card) + 12) % 13, list_position(['wins', 'leads', 'dumped'], m.measure)
