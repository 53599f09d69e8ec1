-- hearts-check-hands: a Hearts game's hands with their stored verdicts and
-- each player's points (NULL when not known), in order; a hand not
-- verified yet has an empty method.
SELECT h.hand, coalesce(c.method::VARCHAR, ''), coalesce(c.verified, false), coalesce(c.assignments, 0),
       coalesce(c.determined, false), c.moon,
       list(s.points ORDER BY s.pos) FILTER (WHERE s.pos IS NOT NULL) AS points
FROM hearts_hands h
LEFT JOIN hearts_hand_checks c USING (game_id, hand)
LEFT JOIN hearts_seats s USING (game_id, hand)
WHERE h.game_id = $1
GROUP BY ALL
ORDER BY h.hand
