-- hearts-scores: the logged scores of the games with ids in [$1, $2], with
-- where each file logs them.
SELECT game_id, hand, pos, logged, line, score_col, cards_col
FROM hearts_scores
WHERE game_id BETWEEN $1 AND $2
ORDER BY game_id, hand, pos
