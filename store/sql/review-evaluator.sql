-- review-evaluator: the evaluator whose review of side $1 to show: of
-- those whose name ends in $2 (the current judge) if any, the one that
-- judged the most decisions, the first by name on a tie; no row when the
-- side was never reviewed.
SELECT evaluator
FROM review_decisions
WHERE side = $1
GROUP BY evaluator
ORDER BY bool_or(ends_with(evaluator, $2)) DESC, count(*) DESC, evaluator
LIMIT 1
