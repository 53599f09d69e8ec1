-- Schema version 1: the imported logs.
--
-- Conventions: a card is the ENUM card, in the order of the gin package (suit
-- S, C, D, H, then rank A..K; do not reorder: values are persisted). A hand is
-- card[] in the order the log shows it (the drawn card first) plus hand_mask,
-- a 52-bit set: bit (suit*13 + rank) for each card, so that
-- (hand_mask >> enum_code(c)) & 1 tests a card. "you" is the logged player
-- (the owner of the logs), "opp" its opponent; actor columns hold one of them.

CREATE TYPE card AS ENUM (
  'SA', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10', 'SJ', 'SQ', 'SK',
  'CA', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'CJ', 'CQ', 'CK',
  'DA', 'D2', 'D3', 'D4', 'D5', 'D6', 'D7', 'D8', 'D9', 'D10', 'DJ', 'DQ', 'DK',
  'HA', 'H2', 'H3', 'H4', 'H5', 'H6', 'H7', 'H8', 'H9', 'H10', 'HJ', 'HQ', 'HK'
);

CREATE TYPE side AS ENUM ('you', 'opp');

CREATE TYPE call AS ENUM ('Drop', 'Knock', 'Gin');

-- One row per run of `ginlog ingest`.
CREATE TABLE imports (
  import_id   INTEGER PRIMARY KEY,  -- 1, 2, ... in order of the runs
  started_at  TIMESTAMP NOT NULL,
  finished_at TIMESTAMP,            -- NULL while running, or if the run was killed
  paths       VARCHAR[] NOT NULL,   -- the paths given on the command line
  source      VARCHAR,              -- --source LABEL
  opponent    VARCHAR               -- --opponent NAME
);

-- One row per log file seen by an import (a game's two files are accepted or
-- rejected together). A file imported again appears again, as a duplicate.
CREATE TABLE import_files (
  import_id   INTEGER NOT NULL,     -- imports.import_id
  path        VARCHAR NOT NULL,     -- as given; inside a zip: archive.zip!inner/path.csv
  sha256      VARCHAR NOT NULL,     -- hex digest of the file's bytes
  bytes       BIGINT NOT NULL,
  kind        VARCHAR NOT NULL,     -- 'turns' (<ts>.csv) or 'scores' (<ts>-score.csv)
  status      VARCHAR NOT NULL,     -- 'loaded', 'duplicate' (same content already loaded) or 'rejected'
  game_id     BIGINT,               -- games.game_id when loaded or duplicate
  imported_at TIMESTAMP NOT NULL
);

-- Every defect found in a file, located. A rejected game has at least one.
CREATE TABLE import_errors (
  import_id INTEGER NOT NULL,
  file      VARCHAR NOT NULL,       -- the path, as in import_files
  line      INTEGER NOT NULL,       -- 1-based line; 0 for a file-level error (missing partner)
  col       INTEGER NOT NULL,       -- 1-based byte column of the offending field or card; 0 for the whole line
  code      VARCHAR NOT NULL,       -- a stable code, e.g. 'bad-card' (see docs/schema.md)
  message   VARCHAR NOT NULL
);

-- One row per game: a pair of files.
CREATE TABLE games (
  game_id        BIGINT PRIMARY KEY,
  log_ts         BIGINT NOT NULL,   -- the <timestamp> of the file names (Unix seconds)
  played_at      TIMESTAMP NOT NULL,-- log_ts as a UTC timestamp
  content_hash   VARCHAR NOT NULL,  -- sha256 over both files: the same content is never loaded twice
  canonical_hash VARCHAR NOT NULL,  -- the same for the game as logged by either player
  mirror_of      BIGINT,            -- set when this is a game already loaded, as logged by the other player
  source         VARCHAR,           -- --source of the import
  opponent       VARCHAR,           -- --opponent of the import
  rounds         SMALLINT NOT NULL,
  plays          INTEGER NOT NULL,
  you_total      INTEGER NOT NULL,  -- total points of the logged player
  opp_total      INTEGER NOT NULL,
  winner         side NOT NULL,     -- the side with the higher total
  import_id      INTEGER NOT NULL
);

-- One row per round, from the score file and the turn file.
CREATE TABLE rounds (
  game_id     BIGINT NOT NULL,
  round       SMALLINT NOT NULL,    -- from 1
  first_mover side NOT NULL,        -- actor of the round's first play
  plays       SMALLINT NOT NULL,
  stock_draws SMALLINT NOT NULL,    -- plays that drew from the stock (drawn <> top)
  action      call NOT NULL,        -- Gin, Knock, or Drop (ended without a call, scored as a knock)
  caller      side NOT NULL,        -- who made the last play (score file column 5)
  you_points  SMALLINT NOT NULL,    -- points scored in this round, not running totals
  opp_points  SMALLINT NOT NULL
);

-- One row per play (a row of the turn file).
CREATE TABLE plays (
  game_id   BIGINT NOT NULL,
  round     SMALLINT NOT NULL,
  ply       SMALLINT NOT NULL,      -- from 1 within the round
  actor     side NOT NULL,
  hand      card[] NOT NULL,        -- the actor's 10 cards after the play, the drawn card first
  hand_mask UBIGINT NOT NULL,       -- the same cards as a 52-bit set
  top       card NOT NULL,          -- the top of the discard pile when the turn began
  drawn     card NOT NULL,
  from_discard BOOLEAN NOT NULL,    -- drawn = top: taken from the discard pile
  discarded card NOT NULL
);
