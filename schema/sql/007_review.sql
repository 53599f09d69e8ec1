-- Schema version 7: the values ginlog review found for each decision, kept
-- so that a second review of the same games with the same evaluator asks
-- the evaluator nothing. A row belongs to one evaluator (the weights'
-- hash and the rollouts' settings): another evaluator's rows are kept
-- beside it, and a game removed or replaced takes its rows with it
-- (schema/sql/games/remove.sql).

CREATE TABLE review_decisions (
  evaluator   VARCHAR NOT NULL,
  game_id     BIGINT NOT NULL,
  round       SMALLINT NOT NULL,
  ply         SMALLINT NOT NULL,
  side        side NOT NULL,
  kind        VARCHAR NOT NULL,
  played      VARCHAR NOT NULL,
  best        VARCHAR NOT NULL,
  points      DOUBLE NOT NULL,
  best_points DOUBLE NOT NULL,
  win         DOUBLE NOT NULL,
  best_win    DOUBLE NOT NULL,
  se          DOUBLE NOT NULL,
  deals       INTEGER NOT NULL,
  PRIMARY KEY (evaluator, game_id, side, round, ply, kind)
);

COMMENT ON TABLE review_decisions IS 'One row per decision ginlog review judged: a side''s draw, discard, or call (when more than one call was legal) at a play, with the value of what was played and of the best alternative from the player''s own view, by one evaluator. A game''s rows stop before its first violation. The loss of a decision is best_points - points.';
COMMENT ON COLUMN review_decisions.evaluator IS 'The evaluator: the SHA-256 (hex) of the weights file''s bytes, or default:<SHA-256 of the default weights as saved>, then the rollouts'' settings ("/deals=192"). Rows of another evaluator are not read.';
COMMENT ON COLUMN review_decisions.game_id IS 'The game (games.game_id).';
COMMENT ON COLUMN review_decisions.round IS 'The round, from 1.';
COMMENT ON COLUMN review_decisions.ply IS 'The play of the round the decision belongs to, from 1 (plays.ply).';
COMMENT ON COLUMN review_decisions.side IS 'The side that decided: you (the logged player) or opp.';
COMMENT ON COLUMN review_decisions.kind IS '''draw'' (take the face-up card or refuse it), ''discard'' (the card), or ''call'' (knock, Gin or play on; only when more than one was legal).';
COMMENT ON COLUMN review_decisions.played IS 'What was played: take or refuse; a card such as S7; play on, knock or go Gin.';
COMMENT ON COLUMN review_decisions.best IS 'The best alternative by points, in the same words; equal to played when nothing was better.';
COMMENT ON COLUMN review_decisions.points IS 'The expected net points of the round (own less the opponent''s) after the played move, by the evaluator''s rollouts. For a discard, with the call played; for a call, with the best discard of that call.';
COMMENT ON COLUMN review_decisions.best_points IS 'The expected net points of the round after the best alternative: best_points - points is the loss.';
COMMENT ON COLUMN review_decisions.win IS 'The expected change in the chance of winning the game after the played move (0 when the weights hold no round points).';
COMMENT ON COLUMN review_decisions.best_win IS 'The same after the best alternative.';
COMMENT ON COLUMN review_decisions.se IS 'The standard error of the difference between the best alternative''s points and the played move''s, over the deals (0 when they are the same move).';
COMMENT ON COLUMN review_decisions.deals IS 'The deals (opponent hands and stock orders) the moves were played out on.';
