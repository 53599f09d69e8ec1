-- Schema version 2: what the replay finds (ginlog verify).

CREATE TYPE check_status AS ENUM ('exact', 'explained', 'impossible');

CREATE TYPE relation AS ENUM ('meld', 'combo', 'none');

-- One row per verified game; a game without a row here is not verified yet.
CREATE TABLE game_checks (
  game_id     BIGINT PRIMARY KEY,
  verified_at TIMESTAMP NOT NULL,
  violations  INTEGER NOT NULL,     -- rows in violations for this game
  exact       SMALLINT NOT NULL,    -- rounds by status
  explained   SMALLINT NOT NULL,
  impossible  SMALLINT NOT NULL
);

-- One row per round: the verdict on its score. The caller is the score
-- file's column 5; its declared deadwood is 0 for Gin, at most 10 for Knock.
CREATE TABLE round_checks (
  game_id         BIGINT NOT NULL,
  round           SMALLINT NOT NULL,
  status          check_status NOT NULL, -- exact: optimal declarations give the points; explained: only worse ones do; impossible: none does
  best_you        SMALLINT NOT NULL,     -- optimal deadwood of each final hand
  best_opp        SMALLINT NOT NULL,
  declared_you    SMALLINT NOT NULL,     -- declared deadwood of the explanation that loses the fewest points (= best when exact)
  declared_opp    SMALLINT NOT NULL,
  points_lost_you SMALLINT NOT NULL,     -- points each side lost by declaring worse than its best
  points_lost_opp SMALLINT NOT NULL,
  expected_you    SMALLINT NOT NULL,     -- the points with both sides declaring optimally
  expected_opp    SMALLINT NOT NULL,
  explanations    INTEGER NOT NULL,      -- declaration pairs that give the logged points
  final_you       UBIGINT NOT NULL,      -- the final hands, as 52-bit sets
  final_opp       UBIGINT NOT NULL,
  melded_you      UBIGINT NOT NULL,      -- the cards of the final hands in melds of an optimal arrangement
  melded_opp      UBIGINT NOT NULL,
  cards_you       card[] NOT NULL,       -- the final hands as card lists, in card order
  cards_opp       card[] NOT NULL
);

-- One row per broken rule, located at the ply where it happens (the last
-- ply of the round for a score that cannot be explained).
CREATE TABLE violations (
  game_id BIGINT NOT NULL,
  round   SMALLINT NOT NULL,
  ply     SMALLINT NOT NULL,
  code    VARCHAR NOT NULL,              -- see docs/schema.md
  message VARCHAR NOT NULL
);

-- One row per play: the decision as the actor faced it (its hand before the
-- play, the face-up card, the stock), what it did, and two outcome labels
-- (last, fed). Deadwood is always the optimum of the cards in question.
CREATE TABLE play_features (
  game_id         BIGINT NOT NULL,
  round           SMALLINT NOT NULL,
  ply             SMALLINT NOT NULL,
  actor           side NOT NULL,
  turn            SMALLINT NOT NULL,     -- the actor's turn in the round, from 1
  stock_left      SMALLINT NOT NULL,     -- stock cards left when the turn began (31 at the start)
  top             card NOT NULL,         -- the face-up card offered
  top_relation    relation NOT NULL,     -- meld: it joins a meld of every best arrangement; combo: a held card of its rank or of its suit within two ranks; none
  top_best        SMALLINT NOT NULL,     -- the least deadwood reachable by taking it
  top_improves    BOOLEAN NOT NULL,      -- taking it could lower the deadwood
  from_discard    BOOLEAN NOT NULL,      -- it was taken
  deadwood_before SMALLINT NOT NULL,     -- the actor's ten cards before the play
  best_after      SMALLINT NOT NULL,     -- the least deadwood reachable with the card drawn
  deadwood_after  SMALLINT NOT NULL,
  discarded       card NOT NULL,
  discard_dead    BOOLEAN NOT NULL,      -- the discard was deadwood in a best arrangement of the eleven cards
  discard_best    BOOLEAN NOT NULL,      -- the discard left the least deadwood possible
  could_knock     BOOLEAN NOT NULL,      -- a legal knock was available (deadwood 10 or less, not a first turn)
  last            BOOLEAN NOT NULL,      -- the play ended the round
  fed             BOOLEAN                -- the opponent took this discard next (NULL after the last play)
);
