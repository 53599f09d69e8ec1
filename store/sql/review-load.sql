-- review-load: the review_decisions rows of evaluator $1 and side $2 for
-- the games whose ids are in the list $3.
SELECT game_id, round, ply, kind, played, best, points, best_points, win, best_win, se, deals
FROM review_decisions
WHERE evaluator = $1 AND side = $2 AND game_id IN (SELECT unnest($3::BIGINT[]))
ORDER BY game_id, round, ply, kind
