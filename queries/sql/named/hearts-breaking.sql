-- hearts-breaking: how often a player leads a heart once hearts are broken, by player (determined hands)
-- rate: tricks led with a heart after hearts broke, of tricks led then with a choice of suit.
-- cases = tricks led with a heart after hearts broke, opportunities =
-- tricks led after hearts broke while holding a heart and a card of
-- another suit (a choice). leads: every trick it led.
SELECT coalesce(player, 'all') AS player, CAST(sum(leads) AS BIGINT) AS leads,
       CAST(sum(heart_leads_open) AS BIGINT) AS cases, CAST(sum(leads_open) AS BIGINT) AS opportunities
FROM sel_seats
WHERE determined AND player IS NOT NULL
GROUP BY GROUPING SETS ((player), ())
ORDER BY CASE WHEN player IS NULL THEN 0 ELSE 1 END, player
