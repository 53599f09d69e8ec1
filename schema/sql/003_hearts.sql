-- Hearts: the FIT2102 Hearts logs, read by ginlog ingest (package hearts/hlog)
-- and replayed by ginlog verify, beside the Gin Rummy games.
--
-- A Hearts game is a row of games with kind 'hearts'; the Gin columns that
-- have no meaning for it (you_total, opp_total, winner) are NULL there, and
-- rounds and plays count its hands and cards. Its players are game_players
-- (pos: the player's index among the game's sorted player ids, as the log's
-- pos field gives it), its files game_files. What the files hold is
-- hearts_hands and hearts_scores; what verify finds is hearts_checks,
-- hearts_hand_checks, hearts_seats, hearts_plays, hearts_cards and
-- hearts_deviations.

-- The kinds of game; append-only (do not reorder: values are persisted).
CREATE TYPE game_kind AS ENUM ('gin', 'hearts');

-- The framework version that wrote a Hearts game (hlog.Version; append-only).
CREATE TYPE hearts_version AS ENUM ('unknown', 'by-player', 'earlier');

-- How the player of each card of a Hearts game was recovered (hlog.Method;
-- append-only).
CREATE TYPE order_method AS ENUM ('none', 'player-id', 'reverse-play', 'searched');

ALTER TABLE games ADD COLUMN kind game_kind DEFAULT 'gin';
ALTER TABLE games ALTER COLUMN kind SET NOT NULL;
ALTER TABLE games ALTER COLUMN you_total DROP NOT NULL;
ALTER TABLE games ALTER COLUMN opp_total DROP NOT NULL;
ALTER TABLE games ALTER COLUMN winner DROP NOT NULL;

CREATE TABLE hearts_games (
  game_id BIGINT PRIMARY KEY,
  players TINYINT NOT NULL,
  version hearts_version NOT NULL,
  grp     VARCHAR NOT NULL,
  stamps  INTEGER NOT NULL,
  first   TINYINT NOT NULL
);

CREATE TABLE game_players (
  game_id   BIGINT NOT NULL,
  pos       TINYINT NOT NULL,
  player_id VARCHAR,
  has_file  BOOLEAN NOT NULL
);

CREATE TABLE game_files (
  game_id BIGINT NOT NULL,
  stamp   BIGINT NOT NULL,
  pos     TINYINT NOT NULL,
  path    VARCHAR NOT NULL,
  sha256  VARCHAR NOT NULL
);

CREATE TABLE hearts_hands (
  game_id   BIGINT NOT NULL,
  hand      INTEGER NOT NULL,
  stamp     BIGINT NOT NULL,
  stamp_row INTEGER NOT NULL,
  first     TINYINT NOT NULL,
  cards     card[] NOT NULL
);

CREATE TABLE hearts_scores (
  game_id   BIGINT NOT NULL,
  hand      INTEGER NOT NULL,
  pos       TINYINT NOT NULL,
  logged    SMALLINT NOT NULL,
  line      INTEGER NOT NULL,
  score_col SMALLINT NOT NULL,
  cards_col SMALLINT NOT NULL
);

CREATE TABLE hearts_checks (
  game_id      BIGINT PRIMARY KEY,
  verified_at  TIMESTAMP NOT NULL,
  method       order_method NOT NULL,
  deviations   INTEGER NOT NULL,
  hands        INTEGER NOT NULL,
  verified     INTEGER NOT NULL,
  determined   INTEGER NOT NULL,
  totals_known BOOLEAN NOT NULL,
  score_limit  INTEGER NOT NULL,
  limit_lo     INTEGER,
  limit_hi     INTEGER
);

CREATE TABLE hearts_hand_checks (
  game_id      BIGINT NOT NULL,
  hand         INTEGER NOT NULL,
  method       order_method NOT NULL,
  verified     BOOLEAN NOT NULL,
  assignments  TINYINT NOT NULL,
  determined   BOOLEAN NOT NULL,
  points_known BOOLEAN NOT NULL,
  leader       TINYINT,
  moon         TINYINT,
  moon_attempt TINYINT,
  queen_trick  TINYINT,
  queen_by     TINYINT,
  queen_to     TINYINT,
  queen_dumped BOOLEAN,
  broken_trick TINYINT,
  first_heart  TINYINT
);

CREATE TABLE hearts_seats (
  game_id          BIGINT NOT NULL,
  hand             INTEGER NOT NULL,
  pos              TINYINT NOT NULL,
  player           VARCHAR,
  players          TINYINT NOT NULL,
  determined       BOOLEAN NOT NULL,
  points           SMALLINT,
  taken            SMALLINT,
  tricks           TINYINT,
  leads            TINYINT,
  leads_open       TINYINT,
  heart_leads_open TINYINT,
  void_s           TINYINT,
  void_c           TINYINT,
  void_d           TINYINT,
  void_h           TINYINT,
  moon             BOOLEAN,
  moon_attempt     BOOLEAN,
  queen_held       BOOLEAN,
  queen_dumped     BOOLEAN,
  queen_taken      BOOLEAN,
  queen_dumped_on  BOOLEAN,
  first_heart      BOOLEAN
);

CREATE TABLE hearts_cards (
  game_id BIGINT NOT NULL,
  card    card NOT NULL,
  played  INTEGER NOT NULL,
  wins    INTEGER NOT NULL,
  leads   INTEGER NOT NULL,
  dumped  INTEGER NOT NULL
);

CREATE TABLE hearts_plays (
  game_id   BIGINT NOT NULL,
  hand      INTEGER NOT NULL,
  trick     TINYINT NOT NULL,
  log_index TINYINT NOT NULL,
  card      card NOT NULL,
  pos       TINYINT,
  leads     BOOLEAN,
  wins      BOOLEAN,
  follows   BOOLEAN
);

CREATE TABLE hearts_deviations (
  game_id BIGINT NOT NULL,
  hand    INTEGER NOT NULL,
  trick   TINYINT NOT NULL,
  pos     TINYINT,
  code    VARCHAR NOT NULL,
  kind    VARCHAR NOT NULL,
  file    VARCHAR NOT NULL,
  line    INTEGER NOT NULL,
  col     INTEGER NOT NULL,
  message VARCHAR NOT NULL
);

COMMENT ON TABLE hearts_games IS 'One row per Hearts game: what the game''s files say of it as a whole.';
COMMENT ON COLUMN games.rounds IS 'Rounds of a Gin game; hands of a Hearts game.';
COMMENT ON COLUMN games.plays IS 'Plays (turn-file rows) of a Gin game; cards played in a Hearts game, 52 a hand.';
COMMENT ON COLUMN games.you_total IS 'Total points of the logged player of a Gin game; NULL for a Hearts game (see hearts_seats).';
COMMENT ON COLUMN games.opp_total IS 'Total points of the opponent in a Gin game; NULL for a Hearts game.';
COMMENT ON COLUMN games.winner IS 'The side with the higher total in a Gin game; NULL for a Hearts game, won by the lowest total.';
COMMENT ON COLUMN games.kind IS 'The game: ''gin'' (a pair of Gin Rummy files) or ''hearts'' (the sibling files of one or more Hearts stamps).';
COMMENT ON COLUMN hearts_games.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_games.players IS 'The number of players: 4 (13 tricks of 4 cards a hand) or 2 (26 tricks of 2).';
COMMENT ON COLUMN hearts_games.version IS 'The framework version that wrote it: ''by-player'' (one stamp a game, each trick''s cards in player-id order) or ''earlier'' (a stamp a hand, tricks ordered by the players'' memories).';
COMMENT ON COLUMN hearts_games.grp IS 'The folder holding the players'' folders, as found (inside a zip: archive.zip!inner/path).';
COMMENT ON COLUMN hearts_games.stamps IS 'How many stamps (file names) the game spans: 1 for the later version.';
COMMENT ON COLUMN hearts_games.first IS 'The log''s first field, the pos of a player with the highest game total (constant within a game; never the leader of a hand).';

COMMENT ON TABLE game_players IS 'One row per player of a game of more than two players (Hearts): its position and id.';
COMMENT ON COLUMN game_players.game_id IS 'games.game_id.';
COMMENT ON COLUMN game_players.pos IS 'The player''s index among the game''s player ids in byte order, from 0 (the log''s pos field).';
COMMENT ON COLUMN game_players.player_id IS 'The player''s id (the name of its folder); NULL when no file of this player was imported.';
COMMENT ON COLUMN game_players.has_file IS 'Whether the import held this player''s files: only then are its scores logged.';

COMMENT ON TABLE game_files IS 'One row per file of a game; a file holding the end of one earlier-version Hearts game and the start of the next belongs to both.';
COMMENT ON COLUMN game_files.game_id IS 'games.game_id.';
COMMENT ON COLUMN game_files.stamp IS 'The file''s stamp: the unix time of its name.';
COMMENT ON COLUMN game_files.pos IS 'The pos of the player whose view the file is.';
COMMENT ON COLUMN game_files.path IS 'The path as found, as in import_files.path.';
COMMENT ON COLUMN game_files.sha256 IS 'Hex digest of the file''s bytes.';

COMMENT ON TABLE hearts_hands IS 'One row per hand of a Hearts game: its cards as the log lists them.';
COMMENT ON COLUMN hearts_hands.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_hands.hand IS 'The hand''s number in the game, from 1.';
COMMENT ON COLUMN hearts_hands.stamp IS 'The stamp of the files whose row it is.';
COMMENT ON COLUMN hearts_hands.stamp_row IS 'The hand''s index among the rows of its stamp''s files, from 0.';
COMMENT ON COLUMN hearts_hands.first IS 'The row''s first field (see hearts_games.first).';
COMMENT ON COLUMN hearts_hands.cards IS 'The 52 cards in the log''s order: the tricks in play order, each trick''s cards in the order the version wrote them (hearts_plays says who played each, when that is determined).';

COMMENT ON TABLE hearts_scores IS 'One row per hand and player with a file: the score the file logs, and where.';
COMMENT ON COLUMN hearts_scores.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_scores.hand IS 'hearts_hands.hand.';
COMMENT ON COLUMN hearts_scores.pos IS 'The player (game_players.pos) whose file logs it.';
COMMENT ON COLUMN hearts_scores.logged IS 'The points logged for this player in this hand, after the moon rule.';
COMMENT ON COLUMN hearts_scores.line IS 'The row''s 1-based line in the player''s file of hearts_hands.stamp (game_files).';
COMMENT ON COLUMN hearts_scores.score_col IS 'The 1-based byte column of the score field in that line.';
COMMENT ON COLUMN hearts_scores.cards_col IS 'The 1-based byte column of the first card in that line.';

COMMENT ON TABLE hearts_checks IS 'One row per verified Hearts game; a Hearts game without a row is not verified yet.';
COMMENT ON COLUMN hearts_checks.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_checks.verified_at IS 'When verify stored this row.';
COMMENT ON COLUMN hearts_checks.method IS 'How the player of each card was recovered: ''player-id'' (card k of a trick is pos k''s), ''reverse-play'' (each trick in reverse play order, one seating for the game) or ''searched'' (every assignment the rules and scores allow, counted).';
COMMENT ON COLUMN hearts_checks.deviations IS 'Rows in hearts_deviations for this game.';
COMMENT ON COLUMN hearts_checks.hands IS 'The game''s hands.';
COMMENT ON COLUMN hearts_checks.verified IS 'Hands some assignment of whose cards to players obeys every rule and gives every logged score.';
COMMENT ON COLUMN hearts_checks.determined IS 'Hands exactly one such assignment exists for: who played each card is known.';
COMMENT ON COLUMN hearts_checks.totals_known IS 'Whether every hand''s points are known for every player (players without a file may leave them open).';
COMMENT ON COLUMN hearts_checks.score_limit IS 'The total that ended the game, as the end was checked against: 100 unless the totals show another.';
COMMENT ON COLUMN hearts_checks.limit_lo IS 'The least limit under which the game ends where it does; NULL unless the totals are known.';
COMMENT ON COLUMN hearts_checks.limit_hi IS 'The greatest such limit; NULL unless the totals are known.';

COMMENT ON TABLE hearts_hand_checks IS 'One row per verified Hearts hand: the verdict, and what the hand shows when it is determined (the columns after points_known are NULL otherwise).';
COMMENT ON COLUMN hearts_hand_checks.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_hand_checks.hand IS 'hearts_hands.hand.';
COMMENT ON COLUMN hearts_hand_checks.method IS 'As hearts_checks.method.';
COMMENT ON COLUMN hearts_hand_checks.verified IS 'Some assignment of the cards to the players obeys every rule and gives every logged score.';
COMMENT ON COLUMN hearts_hand_checks.assignments IS 'How many such assignments: 0, 1, or 2 for two or more.';
COMMENT ON COLUMN hearts_hand_checks.determined IS 'Exactly one: who played each card is known.';
COMMENT ON COLUMN hearts_hand_checks.points_known IS 'Every player''s points for the hand are known (logged, or the same under every assignment).';
COMMENT ON COLUMN hearts_hand_checks.leader IS 'The pos that held the two of clubs and led the first trick.';
COMMENT ON COLUMN hearts_hand_checks.moon IS 'The pos that shot the moon (took every point card), or NULL.';
COMMENT ON COLUMN hearts_hand_checks.moon_attempt IS 'The pos that attempted the moon, or NULL: after some trick it had taken every point card played so far, and at least 20 points (the queen of spades and seven hearts).';
COMMENT ON COLUMN hearts_hand_checks.queen_trick IS 'The trick (from 1) in which the queen of spades was played.';
COMMENT ON COLUMN hearts_hand_checks.queen_by IS 'The pos that played the queen of spades.';
COMMENT ON COLUMN hearts_hand_checks.queen_to IS 'The pos that took the queen of spades.';
COMMENT ON COLUMN hearts_hand_checks.queen_dumped IS 'The queen of spades was played by a player who could not follow the led suit.';
COMMENT ON COLUMN hearts_hand_checks.broken_trick IS 'The trick (from 1) in which the first heart was played.';
COMMENT ON COLUMN hearts_hand_checks.first_heart IS 'The pos that took the trick holding the first heart.';

COMMENT ON TABLE hearts_seats IS 'One row per verified Hearts hand and player: its points, and what it did when the hand is determined (the columns after points are NULL otherwise). The queries'' per-player figures read it alone.';
COMMENT ON COLUMN hearts_seats.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_seats.hand IS 'hearts_hands.hand.';
COMMENT ON COLUMN hearts_seats.pos IS 'game_players.pos.';
COMMENT ON COLUMN hearts_seats.player IS 'game_players.player_id: the player''s id, NULL without its files.';
COMMENT ON COLUMN hearts_seats.players IS 'The game''s number of players, 2 or 4.';
COMMENT ON COLUMN hearts_seats.determined IS 'hearts_hand_checks.determined: who played each card of the hand is known.';
COMMENT ON COLUMN hearts_seats.points IS 'The player''s points for the hand after the moon rule: logged, or the rules'' when every assignment agrees; NULL when not known.';
COMMENT ON COLUMN hearts_seats.taken IS 'Points taken in tricks, before the moon rule.';
COMMENT ON COLUMN hearts_seats.tricks IS 'Tricks won.';
COMMENT ON COLUMN hearts_seats.leads IS 'Tricks led.';
COMMENT ON COLUMN hearts_seats.leads_open IS 'Tricks led after hearts were broken while holding a heart and a card of another suit: a choice of leading a heart or not.';
COMMENT ON COLUMN hearts_seats.heart_leads_open IS 'Of those, the tricks led with a heart.';
COMMENT ON COLUMN hearts_seats.void_s IS 'The trick after which the player held no spade (0: dealt none).';
COMMENT ON COLUMN hearts_seats.void_c IS 'The trick after which the player held no club (0: dealt none).';
COMMENT ON COLUMN hearts_seats.void_d IS 'The trick after which the player held no diamond (0: dealt none).';
COMMENT ON COLUMN hearts_seats.void_h IS 'The trick after which the player held no heart (0: dealt none).';
COMMENT ON COLUMN hearts_seats.moon IS 'The player shot the moon: it took every point card.';
COMMENT ON COLUMN hearts_seats.moon_attempt IS 'The player attempted the moon (see hearts_hand_checks.moon_attempt).';
COMMENT ON COLUMN hearts_seats.queen_held IS 'The player held (and played) the queen of spades.';
COMMENT ON COLUMN hearts_seats.queen_dumped IS 'The player dumped the queen of spades: played it on a trick of another suit.';
COMMENT ON COLUMN hearts_seats.queen_taken IS 'The player took the queen of spades.';
COMMENT ON COLUMN hearts_seats.queen_dumped_on IS 'The player took the queen of spades that another player dumped.';
COMMENT ON COLUMN hearts_seats.first_heart IS 'The player took the trick holding the hand''s first heart.';

COMMENT ON TABLE hearts_cards IS 'One row per verified Hearts game and card: how the card fared in the game''s determined hands (no rows for a game without one).';
COMMENT ON COLUMN hearts_cards.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_cards.card IS 'The card.';
COMMENT ON COLUMN hearts_cards.played IS 'Determined hands of the game (the card is played in each).';
COMMENT ON COLUMN hearts_cards.wins IS 'Of those, the hands in which it took its trick.';
COMMENT ON COLUMN hearts_cards.leads IS 'The hands in which it led its trick.';
COMMENT ON COLUMN hearts_cards.dumped IS 'The hands in which it was played on a trick of another suit.';

COMMENT ON TABLE hearts_plays IS 'One row per card of a verified Hearts hand; pos, leads, wins and follows are NULL unless the hand is determined.';
COMMENT ON COLUMN hearts_plays.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_plays.hand IS 'hearts_hands.hand.';
COMMENT ON COLUMN hearts_plays.trick IS 'The trick, from 1.';
COMMENT ON COLUMN hearts_plays.log_index IS 'The card''s index in hearts_hands.cards, from 0.';
COMMENT ON COLUMN hearts_plays.card IS 'The card.';
COMMENT ON COLUMN hearts_plays.pos IS 'The pos that played it.';
COMMENT ON COLUMN hearts_plays.leads IS 'It led the trick.';
COMMENT ON COLUMN hearts_plays.wins IS 'It took the trick.';
COMMENT ON COLUMN hearts_plays.follows IS 'It is of the led suit.';

COMMENT ON TABLE hearts_deviations IS 'One row per deviation verify finds in a Hearts game, located in its files.';
COMMENT ON COLUMN hearts_deviations.game_id IS 'games.game_id.';
COMMENT ON COLUMN hearts_deviations.hand IS 'hearts_hands.hand.';
COMMENT ON COLUMN hearts_deviations.trick IS 'The trick, from 1; 0 for the hand as a whole (its score, the game''s end).';
COMMENT ON COLUMN hearts_deviations.pos IS 'The player at fault, or NULL.';
COMMENT ON COLUMN hearts_deviations.code IS 'A stable code (ginlog verify --help lists them).';
COMMENT ON COLUMN hearts_deviations.kind IS 'What it means: ''rule'' (a play breaks a rule), ''score'', ''end'' (the game ends too early or goes on) or ''quirk'' (a field written otherwise than documented).';
COMMENT ON COLUMN hearts_deviations.file IS 'The file it is located in.';
COMMENT ON COLUMN hearts_deviations.line IS 'The 1-based line.';
COMMENT ON COLUMN hearts_deviations.col IS 'The 1-based byte column of the card or field; 0 for the whole line.';
COMMENT ON COLUMN hearts_deviations.message IS 'What is wrong, for people.';
