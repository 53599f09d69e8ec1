-- hearts-breaking: how often a player leads a heart once hearts are broken, by player (determined hands)
-- cases = tricks led with a heart after hearts broke, opportunities =
-- tricks led after hearts broke while holding a heart and a card of
-- another suit (a choice). leads: every trick it led.
SELECT coalesce(player, 'all') AS player, sum(leads)::BIGINT AS leads,
       sum(heart_leads_open)::BIGINT AS cases, sum(leads_open)::BIGINT AS opportunities
FROM sel_seats
WHERE determined AND player IS NOT NULL
GROUP BY GROUPING SETS ((player), ())
ORDER BY player IS NULL DESC, player
