-- hearts-deviations: what verify found wrong in Hearts games, by code
-- kind: rule (a play breaks a rule), score, end (the game ends too early
-- or goes on) or quirk (a field written otherwise than documented).
SELECT code, kind, count(*) AS deviations, count(DISTINCT game_id) AS games
FROM sel_deviations
GROUP BY code, kind
ORDER BY deviations DESC, code
