-- review-game: the review_decisions rows of game $1, both sides, by one
-- evaluator: of those whose name ends in $2 (the current judge) if any,
-- the one that judged most of its decisions, the first by name on a tie.
WITH chosen AS (
  SELECT evaluator
  FROM review_decisions
  WHERE game_id = $1
  GROUP BY evaluator
  ORDER BY bool_or(ends_with(evaluator, $2)) DESC, count(*) DESC, evaluator
  LIMIT 1
)
SELECT evaluator, side::VARCHAR, game_id, round, ply, kind, played, best, points, best_points, win, best_win, se, deals
FROM review_decisions
WHERE game_id = $1 AND evaluator = (SELECT evaluator FROM chosen)
ORDER BY round, ply, side, kind
