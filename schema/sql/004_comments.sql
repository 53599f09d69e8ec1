-- Schema version 4: every table and column described in the database
-- itself, so that any DuckDB client shows it:
--   SELECT table_name, comment FROM duckdb_tables();
--   SELECT column_name, comment FROM duckdb_columns() WHERE table_name = 'plays';
-- docs/schema.md is generated from these comments. A later migration that
-- adds a table or a column adds its comment too (a test checks it).
--
-- No column may keep a DEFAULT that calls a function: DuckDB 1.5.5 cannot
-- replay a COMMENT ON COLUMN of such a table from the write-ahead log
-- ("Calling DatabaseManager::GetDefaultDatabase with no default database
-- set", duckdb/duckdb#21490), so a process killed after this migration,
-- before DuckDB's next checkpoint, would leave a database that no longer
-- opens. schema_version.applied_at loses its DEFAULT current_timestamp
-- first; the statement that records a version sets it.

ALTER TABLE schema_version ALTER COLUMN applied_at DROP DEFAULT;

COMMENT ON TABLE schema_version IS 'One row per schema version applied to this database, in order: ginlog migrates a database to its latest version when it opens it for writing.';
COMMENT ON COLUMN schema_version.version IS 'The version: the number of the migration file (schema/sql/NNN_*.sql).';
COMMENT ON COLUMN schema_version.applied_at IS 'When this version was applied (UTC).';

COMMENT ON TABLE imports IS 'One row per run of ginlog ingest.';
COMMENT ON COLUMN imports.import_id IS 'The run: 1, 2, ... in the order of the runs.';
COMMENT ON COLUMN imports.started_at IS 'When the run started (UTC).';
COMMENT ON COLUMN imports.finished_at IS 'When the run finished (UTC); NULL while it runs, or if it was killed.';
COMMENT ON COLUMN imports.paths IS 'The paths given on the command line.';
COMMENT ON COLUMN imports.source IS 'The --source label of the run; NULL without one.';
COMMENT ON COLUMN imports.opponent IS 'The --opponent name of the run; NULL without one.';

COMMENT ON TABLE import_files IS 'One row per log file an import read. A game''s two files are accepted or rejected together; a file imported again appears again, as a duplicate.';
COMMENT ON COLUMN import_files.import_id IS 'The import that read the file (imports.import_id).';
COMMENT ON COLUMN import_files.path IS 'The file as found; inside a zip archive: archive.zip!inner/path.csv.';
COMMENT ON COLUMN import_files.sha256 IS 'Hex SHA-256 digest of the file''s bytes.';
COMMENT ON COLUMN import_files.bytes IS 'The file''s size in bytes.';
COMMENT ON COLUMN import_files.kind IS '''turns'' for a <timestamp>.csv turn file, ''scores'' for a <timestamp>-score.csv score file.';
COMMENT ON COLUMN import_files.status IS '''loaded'', ''duplicate'' (the same game was already loaded) or ''rejected'' (see import_errors).';
COMMENT ON COLUMN import_files.game_id IS 'The game the file belongs to (games.game_id) when loaded or a duplicate; NULL when rejected.';
COMMENT ON COLUMN import_files.imported_at IS 'When the file was read (UTC).';

COMMENT ON TABLE import_errors IS 'One row per defect found in an input, located. A rejected game has at least one; so does a folder, archive or file rejected on its own (without import_files rows).';
COMMENT ON COLUMN import_errors.import_id IS 'The import that found the defect (imports.import_id).';
COMMENT ON COLUMN import_errors.file IS 'The file, folder or archive, as in import_files.path.';
COMMENT ON COLUMN import_errors.line IS '1-based line of the defect; 0 for an error of the whole file (a missing partner, an unreadable file).';
COMMENT ON COLUMN import_errors.col IS '1-based byte column of the offending field or card; 0 for the whole line or file.';
COMMENT ON COLUMN import_errors.code IS 'A stable code of the defect, e.g. ''bad-card'' (docs/schema.md lists them).';
COMMENT ON COLUMN import_errors.message IS 'The defect, in words.';

COMMENT ON TABLE games IS 'One row per game loaded: a pair of files, <timestamp>.csv and <timestamp>-score.csv.';
COMMENT ON COLUMN games.game_id IS 'The game: 1, 2, ... in the order of loading. ginlog show, verify --game and --game take it.';
COMMENT ON COLUMN games.log_ts IS 'The <timestamp> of the file names (Unix seconds).';
COMMENT ON COLUMN games.played_at IS 'log_ts as a UTC timestamp.';
COMMENT ON COLUMN games.content_hash IS 'SHA-256 over the parsed rows of both files: the same content is never loaded twice.';
COMMENT ON COLUMN games.canonical_hash IS 'The same hash for the game as logged by either player: it finds mirrors.';
COMMENT ON COLUMN games.mirror_of IS 'The game_id of the same game logged by the other player, loaded first; NULL for a game seen once. Statistics skip mirrors (WHERE mirror_of IS NULL).';
COMMENT ON COLUMN games.source IS 'The --source label of the import that loaded the game; NULL without one.';
COMMENT ON COLUMN games.opponent IS 'The --opponent name of the import that loaded the game; NULL without one.';
COMMENT ON COLUMN games.rounds IS 'Rounds in the game.';
COMMENT ON COLUMN games.plays IS 'Plays (turn file rows) in the game.';
COMMENT ON COLUMN games.you_total IS 'Final total points of the logged player.';
COMMENT ON COLUMN games.opp_total IS 'Final total points of the opponent.';
COMMENT ON COLUMN games.winner IS 'The side with the higher total.';
COMMENT ON COLUMN games.import_id IS 'The import that loaded the game (imports.import_id).';

COMMENT ON TABLE rounds IS 'One row per round of a game: its score row, with what the turn file says of it.';
COMMENT ON COLUMN rounds.game_id IS 'The game (games.game_id).';
COMMENT ON COLUMN rounds.round IS 'The round number, from 1.';
COMMENT ON COLUMN rounds.first_mover IS 'The side that made the round''s first play.';
COMMENT ON COLUMN rounds.plays IS 'Plays in the round.';
COMMENT ON COLUMN rounds.stock_draws IS 'Plays that drew from the stock (drawn <> top).';
COMMENT ON COLUMN rounds.action IS 'How the round ended: Gin, Knock, or Drop (without a call: stock exhausted or the play cap, scored as a knock).';
COMMENT ON COLUMN rounds.caller IS 'The side the score row names (score file column 5): the one that made the last play.';
COMMENT ON COLUMN rounds.you_points IS 'Points the logged player scored in this round (not a running total).';
COMMENT ON COLUMN rounds.opp_points IS 'Points the opponent scored in this round (not a running total).';

COMMENT ON TABLE plays IS 'One row per play: a row of the turn file.';
COMMENT ON COLUMN plays.game_id IS 'The game (games.game_id).';
COMMENT ON COLUMN plays.round IS 'The round number, from 1.';
COMMENT ON COLUMN plays.ply IS 'The play''s number within the round, from 1.';
COMMENT ON COLUMN plays.actor IS 'The side that played.';
COMMENT ON COLUMN plays.hand IS 'The actor''s ten cards after the play, in the order the log lists them (the drawn card first).';
COMMENT ON COLUMN plays.hand_mask IS 'The same cards as a 52-bit set: bit enum_code(c) for each card c.';
COMMENT ON COLUMN plays.top IS 'The top of the discard pile when the turn began.';
COMMENT ON COLUMN plays.drawn IS 'The card drawn: top when taken from the discard pile, else from the stock.';
COMMENT ON COLUMN plays.from_discard IS 'The card was taken from the discard pile (drawn = top).';
COMMENT ON COLUMN plays.discarded IS 'The card discarded.';

COMMENT ON TABLE game_checks IS 'One row per verified game (ginlog verify); a game without a row is not verified yet.';
COMMENT ON COLUMN game_checks.game_id IS 'The game (games.game_id).';
COMMENT ON COLUMN game_checks.verified_at IS 'When the game was verified (UTC).';
COMMENT ON COLUMN game_checks.violations IS 'Rows in violations for this game: 0 for a game that keeps every rule.';
COMMENT ON COLUMN game_checks.exact IS 'Rounds whose score follows from both players'' optimal declarations.';
COMMENT ON COLUMN game_checks.explained IS 'Rounds whose score follows only from a declaration worse than optimal.';
COMMENT ON COLUMN game_checks.impossible IS 'Rounds whose score no declaration of the final hands gives.';

COMMENT ON TABLE round_checks IS 'One row per verified round: the verdict on its score, from both final hands. The caller is the score row''s; its declared deadwood is 0 for Gin, at most 10 for Knock.';
COMMENT ON COLUMN round_checks.game_id IS 'The game (games.game_id).';
COMMENT ON COLUMN round_checks.round IS 'The round number, from 1.';
COMMENT ON COLUMN round_checks.status IS 'exact: optimal declarations give the logged points; explained: only worse ones do; impossible: none does.';
COMMENT ON COLUMN round_checks.best_you IS 'Optimal deadwood of the logged player''s final hand.';
COMMENT ON COLUMN round_checks.best_opp IS 'Optimal deadwood of the opponent''s final hand.';
COMMENT ON COLUMN round_checks.declared_you IS 'The logged player''s declared deadwood in the explanation that loses the fewest points (best_you when exact).';
COMMENT ON COLUMN round_checks.declared_opp IS 'The opponent''s declared deadwood in that explanation (best_opp when exact).';
COMMENT ON COLUMN round_checks.points_lost_you IS 'Points the logged player lost by declaring worse than its best.';
COMMENT ON COLUMN round_checks.points_lost_opp IS 'Points the opponent lost by declaring worse than its best.';
COMMENT ON COLUMN round_checks.expected_you IS 'The logged player''s points had both sides declared optimally.';
COMMENT ON COLUMN round_checks.expected_opp IS 'The opponent''s points had both sides declared optimally.';
COMMENT ON COLUMN round_checks.explanations IS 'How many pairs of declared deadwood give the logged points.';
COMMENT ON COLUMN round_checks.final_you IS 'The logged player''s final hand as a 52-bit set (as plays.hand_mask).';
COMMENT ON COLUMN round_checks.final_opp IS 'The opponent''s final hand as a 52-bit set.';
COMMENT ON COLUMN round_checks.melded_you IS 'The cards of final_you in melds of an optimal arrangement, as a 52-bit set.';
COMMENT ON COLUMN round_checks.melded_opp IS 'The cards of final_opp in melds of an optimal arrangement, as a 52-bit set.';
COMMENT ON COLUMN round_checks.cards_you IS 'final_you as a card list, in card order.';
COMMENT ON COLUMN round_checks.cards_opp IS 'final_opp as a card list, in card order.';

COMMENT ON TABLE violations IS 'One row per broken rule, located at the ply where it happens (the round''s last ply for a score that cannot be explained).';
COMMENT ON COLUMN violations.game_id IS 'The game (games.game_id).';
COMMENT ON COLUMN violations.round IS 'The round number, from 1.';
COMMENT ON COLUMN violations.ply IS 'The play where the rule is broken, from 1 within the round.';
COMMENT ON COLUMN violations.code IS 'A stable code of the rule, e.g. ''top-mismatch'' (docs/schema.md lists them).';
COMMENT ON COLUMN violations.message IS 'The violation, in words.';

COMMENT ON TABLE play_features IS 'One row per play of a verified game: the decision as the actor faced it (its hand before the play, the face-up card, the stock), what it did, and two outcome labels (last, fed). Deadwood is always the optimum of the cards in question.';
COMMENT ON COLUMN play_features.game_id IS 'The game (games.game_id).';
COMMENT ON COLUMN play_features.round IS 'The round number, from 1.';
COMMENT ON COLUMN play_features.ply IS 'The play''s number within the round, from 1 (as plays.ply).';
COMMENT ON COLUMN play_features.actor IS 'The side that played.';
COMMENT ON COLUMN play_features.turn IS 'The actor''s turn in the round, from 1.';
COMMENT ON COLUMN play_features.stock_left IS 'Stock cards left when the turn began (31 at the start of a round).';
COMMENT ON COLUMN play_features.top IS 'The face-up card offered (the top of the discard pile).';
COMMENT ON COLUMN play_features.top_relation IS 'meld: the top card joins a meld of every best arrangement of the hand plus it; combo: it pairs with a held card of its rank or of its suit within two ranks; none: neither.';
COMMENT ON COLUMN play_features.top_best IS 'The least deadwood reachable by taking the top card and discarding another.';
COMMENT ON COLUMN play_features.top_improves IS 'Taking the top card could lower the deadwood.';
COMMENT ON COLUMN play_features.from_discard IS 'The top card was taken.';
COMMENT ON COLUMN play_features.deadwood_before IS 'The deadwood of the actor''s ten cards before the play.';
COMMENT ON COLUMN play_features.best_after IS 'The least deadwood reachable with the card drawn, discarding another.';
COMMENT ON COLUMN play_features.deadwood_after IS 'The deadwood of the ten cards after the play.';
COMMENT ON COLUMN play_features.discarded IS 'The card discarded.';
COMMENT ON COLUMN play_features.discard_dead IS 'The discard was deadwood in a best arrangement of the eleven cards.';
COMMENT ON COLUMN play_features.discard_best IS 'The discard left the least deadwood possible.';
COMMENT ON COLUMN play_features.could_knock IS 'A legal knock was available: best_after is 10 or less, and the play is not one of the round''s first two.';
COMMENT ON COLUMN play_features.last IS 'The play ended the round.';
COMMENT ON COLUMN play_features.fed IS 'The opponent took this discard next; NULL after the round''s last play.';
