-- Schema version 9: review_decisions' comments say how ginlog review
-- counts a loss (beyond twice its standard error) and what an evaluator's
-- name holds (the judge's version since ginlog review's second method).

COMMENT ON TABLE review_decisions IS 'One row per decision ginlog review judged: a side''s draw, discard, or call (when more than one call was legal) at a play, with the value of what was played and of the best alternative from the player''s own view, by one evaluator. A game''s rows stop before its first violation. The loss of a decision is best_points - points when that is more than twice se, else 0 (a smaller difference is the rollouts'' noise).';
COMMENT ON COLUMN review_decisions.evaluator IS 'The evaluator: the SHA-256 (hex) of the weights file''s bytes, or default:<SHA-256 of the default weights as saved>, then the rollouts'' settings and the judge''s method ("/deals=192/judge=2"). review reads only its own evaluator''s rows; show and report read the current judge''s first.';
COMMENT ON COLUMN review_decisions.best IS 'The best alternative by points, in the same words; equal to played when nothing was better. For a discard, the best card with the call played; for a call, the best call with its best card.';
COMMENT ON COLUMN review_decisions.se IS 'The standard error of best_points - points over the deals that valued both (0 when they are the same move).';
