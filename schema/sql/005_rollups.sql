-- Schema version 5: rollups, the named queries' counts summed over groups
-- of games, so that a query over a million games reads a few hundred
-- thousand rows instead of a hundred million plays.
--
-- A group is the Gin games a query can select (kind gin, mirror_of NULL)
-- of one block of block_games consecutive game ids with one opponent and
-- one source tag. ginlog verify builds the groups of every block whose
-- selectable games are all verified and whose last id is taken (no later
-- import can add a game to it); every writer that changes what a block
-- holds (verify replacing results, tag, rm) deletes the block's groups in
-- its own transaction, and the next verify builds them again. A query
-- reads a group's rows only when its filters select every game of the
-- group, and the raw rows of every other game it selects, so the rollups
-- change a query's speed, never its result. The data tables' rows of a
-- group that is no longer in rollup_groups are never read; verify deletes
-- them.

CREATE TABLE rollup_groups (
  grp         INTEGER PRIMARY KEY,
  block       BIGINT NOT NULL,
  block_games INTEGER NOT NULL,
  opponent    VARCHAR,
  source      VARCHAR,
  games       INTEGER NOT NULL,
  first_ts    BIGINT NOT NULL,
  last_ts     BIGINT NOT NULL
);

CREATE TABLE rollup_cards (
  grp          INTEGER NOT NULL,
  side         side NOT NULL,
  card         card NOT NULL,
  offered      BIGINT NOT NULL,
  taken        BIGINT NOT NULL,
  discarded    BIGINT NOT NULL,
  discard_dead BIGINT NOT NULL,
  discard_best BIGINT NOT NULL,
  fed          BIGINT NOT NULL,
  feedable     BIGINT NOT NULL,
  held         BIGINT NOT NULL,
  melded       BIGINT NOT NULL,
  held_points  BIGINT NOT NULL
);

CREATE TABLE rollup_plays (
  grp          INTEGER NOT NULL,
  side         side NOT NULL,
  relation     relation NOT NULL,
  stock_left   SMALLINT NOT NULL,
  turn         SMALLINT NOT NULL,
  offered      BIGINT NOT NULL,
  taken        BIGINT NOT NULL,
  could_knock  BIGINT NOT NULL,
  knock_passed BIGINT NOT NULL
);

CREATE TABLE rollup_calls (
  grp      INTEGER NOT NULL,
  side     side NOT NULL,
  action   call NOT NULL,
  deadwood SMALLINT NOT NULL,
  turn     SMALLINT NOT NULL,
  calls    BIGINT NOT NULL,
  undercut BIGINT NOT NULL
);

CREATE TABLE rollup_rounds (
  grp         INTEGER NOT NULL,
  action      call NOT NULL,
  plays       SMALLINT NOT NULL,
  stock_draws SMALLINT NOT NULL,
  rounds      BIGINT NOT NULL
);

CREATE TABLE rollup_sides (
  grp            INTEGER NOT NULL,
  side           side NOT NULL,
  games          BIGINT NOT NULL,
  won            BIGINT NOT NULL,
  rounds         BIGINT NOT NULL,
  points         BIGINT NOT NULL,
  gins           BIGINT NOT NULL,
  knocks         BIGINT NOT NULL,
  drops          BIGINT NOT NULL,
  undercuts      BIGINT NOT NULL,
  checked        BIGINT NOT NULL,
  lost_rounds    BIGINT NOT NULL,
  points_lost    BIGINT NOT NULL,
  worst          BIGINT NOT NULL,
  extra_declared BIGINT NOT NULL
);

COMMENT ON TABLE rollup_groups IS 'One row per group of games the rollups cover: the selectable Gin games (kind gin, mirror_of NULL) of one block of consecutive game ids with one opponent and one source tag. A block is covered whole or not at all; ginlog verify builds the blocks whose selectable games are all verified, and tag, rm and a verify that replaces results delete the groups of the blocks they change.';
COMMENT ON COLUMN rollup_groups.grp IS 'The group: the key of its rows in the other rollup_* tables.';
COMMENT ON COLUMN rollup_groups.block IS 'The block''s first game id, a multiple of block_games: the group''s games have ids from block to block + block_games - 1.';
COMMENT ON COLUMN rollup_groups.block_games IS 'How many consecutive game ids a block spans (the same in every row; verify rebuilds every group when it changes).';
COMMENT ON COLUMN rollup_groups.opponent IS 'The --opponent tag of the group''s games; NULL for untagged games.';
COMMENT ON COLUMN rollup_groups.source IS 'The --source tag of the group''s games; NULL for untagged games.';
COMMENT ON COLUMN rollup_groups.games IS 'How many games the group holds.';
COMMENT ON COLUMN rollup_groups.first_ts IS 'The least log_ts of the group''s games: a --since at or before it selects them all.';
COMMENT ON COLUMN rollup_groups.last_ts IS 'The greatest log_ts of the group''s games: an --until after it selects them all.';

COMMENT ON TABLE rollup_cards IS 'Per group, side and card: what play_features and round_checks count of the card for the side (card-values, discards, draw-tendency by rank and suit).';
COMMENT ON COLUMN rollup_cards.grp IS 'The group (rollup_groups.grp).';
COMMENT ON COLUMN rollup_cards.side IS 'The side the counts are of: the plays'' actor, the final hand''s holder.';
COMMENT ON COLUMN rollup_cards.card IS 'The card.';
COMMENT ON COLUMN rollup_cards.offered IS 'Plays of the side offered the card face up (play_features.top).';
COMMENT ON COLUMN rollup_cards.taken IS 'Of those, plays that took it (from_discard).';
COMMENT ON COLUMN rollup_cards.discarded IS 'Plays of the side that discarded the card.';
COMMENT ON COLUMN rollup_cards.discard_dead IS 'Of those, discards that were deadwood in a best arrangement (discard_dead).';
COMMENT ON COLUMN rollup_cards.discard_best IS 'Of those, discards that left the least deadwood possible (discard_best).';
COMMENT ON COLUMN rollup_cards.fed IS 'Of those, discards the other player took next (fed true).';
COMMENT ON COLUMN rollup_cards.feedable IS 'Of those, discards the other player could take (fed not NULL).';
COMMENT ON COLUMN rollup_cards.held IS 'Verified rounds the side ended holding the card (round_checks final hand).';
COMMENT ON COLUMN rollup_cards.melded IS 'Of those, rounds the card was in a meld of the best arrangement.';
COMMENT ON COLUMN rollup_cards.held_points IS 'The points the side scored in the rounds it ended holding the card, summed.';

COMMENT ON TABLE rollup_plays IS 'Per group, side, relation of the face-up card, stock left and turn: the side''s plays (draw-tendency, knock-profile''s legal knocks passed up).';
COMMENT ON COLUMN rollup_plays.grp IS 'The group (rollup_groups.grp).';
COMMENT ON COLUMN rollup_plays.side IS 'The plays'' actor.';
COMMENT ON COLUMN rollup_plays.relation IS 'The face-up card''s relation to the hand (play_features.top_relation).';
COMMENT ON COLUMN rollup_plays.stock_left IS 'Stock cards left when the turn began.';
COMMENT ON COLUMN rollup_plays.turn IS 'The actor''s turn in the round, 16 for the 16th and later.';
COMMENT ON COLUMN rollup_plays.offered IS 'Plays (each is offered the face-up card).';
COMMENT ON COLUMN rollup_plays.taken IS 'Of those, plays that took the face-up card.';
COMMENT ON COLUMN rollup_plays.could_knock IS 'Of those, plays where a legal knock was available.';
COMMENT ON COLUMN rollup_plays.knock_passed IS 'Of those, plays where the round went on (a legal knock passed up).';

COMMENT ON TABLE rollup_calls IS 'Per group, side, call, deadwood and turn: the rounds the side ended with Gin or Knock (knock-profile).';
COMMENT ON COLUMN rollup_calls.grp IS 'The group (rollup_groups.grp).';
COMMENT ON COLUMN rollup_calls.side IS 'The actor of the round''s last play.';
COMMENT ON COLUMN rollup_calls.action IS 'The round''s call: Gin or Knock.';
COMMENT ON COLUMN rollup_calls.deadwood IS 'The actor''s optimal deadwood after the last play.';
COMMENT ON COLUMN rollup_calls.turn IS 'The actor''s turn at the last play, 16 for the 16th and later.';
COMMENT ON COLUMN rollup_calls.calls IS 'Rounds.';
COMMENT ON COLUMN rollup_calls.undercut IS 'Of those, rounds the other side scored in (an undercut knock).';

COMMENT ON TABLE rollup_rounds IS 'Per group, call, length and stock draws: the group''s rounds (pace).';
COMMENT ON COLUMN rollup_rounds.grp IS 'The group (rollup_groups.grp).';
COMMENT ON COLUMN rollup_rounds.action IS 'How the round ended (rounds.action).';
COMMENT ON COLUMN rollup_rounds.plays IS 'The round''s plays.';
COMMENT ON COLUMN rollup_rounds.stock_draws IS 'The round''s plays that drew from the stock.';
COMMENT ON COLUMN rollup_rounds.rounds IS 'Rounds.';

COMMENT ON TABLE rollup_sides IS 'Per group and side: the games the side won, how its rounds ended (summary), the verified rounds and the points the side lost by declaring worse melds than its best (meld-loss, card-values'' rounds).';
COMMENT ON COLUMN rollup_sides.grp IS 'The group (rollup_groups.grp).';
COMMENT ON COLUMN rollup_sides.side IS 'The side.';
COMMENT ON COLUMN rollup_sides.games IS 'The group''s games.';
COMMENT ON COLUMN rollup_sides.won IS 'Of those, games the side won (games.winner).';
COMMENT ON COLUMN rollup_sides.rounds IS 'The group''s rounds (rows of rounds).';
COMMENT ON COLUMN rollup_sides.points IS 'The points the side scored in them, summed.';
COMMENT ON COLUMN rollup_sides.gins IS 'Of those rounds, rounds the side ended with Gin.';
COMMENT ON COLUMN rollup_sides.knocks IS 'Rounds the side ended with Knock.';
COMMENT ON COLUMN rollup_sides.drops IS 'Rounds that ended without a call after the side''s play (Drop).';
COMMENT ON COLUMN rollup_sides.undercuts IS 'Rounds the side scored in after the other side''s Knock or Drop.';
COMMENT ON COLUMN rollup_sides.checked IS 'Verified rounds (rows of round_checks).';
COMMENT ON COLUMN rollup_sides.lost_rounds IS 'Of those, rounds the side lost points in by declaring worse than its best.';
COMMENT ON COLUMN rollup_sides.points_lost IS 'The points the side lost so, summed.';
COMMENT ON COLUMN rollup_sides.worst IS 'The most the side lost so in one round.';
COMMENT ON COLUMN rollup_sides.extra_declared IS 'The deadwood the side declared above its best, summed.';
