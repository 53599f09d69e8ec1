-- review-forget: the review_decisions rows of evaluator $1 and side $2 for
-- the games whose ids are in the list $3, before their new rows.
DELETE FROM review_decisions
WHERE evaluator = $1 AND side = $2 AND game_id IN (SELECT unnest($3::BIGINT[]))
