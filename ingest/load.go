package ingest

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/gin"
	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store/verdicts"
)

// The planner's statements.
var (
	//go:embed sql/next-import.sql
	nextImportSQL string
	//go:embed sql/record-import.sql
	recordImportSQL string
	//go:embed sql/next-game.sql
	nextGameSQL string
	//go:embed sql/finish-import.sql
	finishImportSQL string
	//go:embed sql/tags-kept.sql
	tagsKeptSQL string
)

// planner decides, in input order, what becomes of each game: its id, and
// whether it is new, a duplicate or a mirror of a game already loaded, a
// part of one (a prefix: see prefix.go), or whether it replaces loaded
// games that are parts of it. It holds 128-bit keys of the hashes
// (hashKey), about 48 bytes a game loaded, rather than the hashes
// themselves, and each Gin game's timestamp and size (32 bytes).
type planner struct {
	importID int32
	source   any // string or nil
	opponent any
	now      time.Time

	firstID     int64 // the first id of the import: ids below are of games loaded before it
	nextID      int64
	byContent   *hashIndex // every game
	byCanonical *hashIndex // the games that are not themselves mirrors
	byTS        *tsIndex   // the Gin games
	// replaced maps each game the import replaced by its complete
	// version to that version.
	replaced map[int64]int64
	// rows reads the rows of a loaded Gin game, to tell whether a game is
	// a prefix of it: Run sets it (batcher.rows).
	rows   func(id int64) (*ginlogs.Game, error)
	firsts firstPlays   // the first plays of the games loaded before the import
	names  *playerNames // how the Hearts players of the import are named
	near   []tsEntry    // relate's buffer
	// earlier holds the id of each duplicate of a game loaded before the
	// import, once for each time it was found (8 bytes a duplicate).
	earlier []int64
}

// planned is a game with its fate decided.
type planned struct {
	g        *Game
	out      outcome
	id       int64 // the new game id, or the loaded game it duplicates or is a part of; -1 if rejected
	mirrorOf any   // int64 or nil
	// replaces are the loaded games that are parts of the game id: the
	// batch that holds this game removes them.
	replaces []tsEntry
}

// writer appends batches of planned games through DuckDB appenders on its
// own connection, one transaction per batch, so that a crash leaves whole
// batches or nothing of them.
type writer struct {
	p    *planner
	conn *sql.Conn
	app  [5]*duckdb.Appender // the batch's appenders, by table: appGames...
	hand []any               // reused for each play's card list ([]any, not []driver.Value: the driver copies []any without reflection)
	// verify (Options.Verify) has each Gin game loaded replayed and its
	// verdicts appended, by the batch's checks.
	verify bool
	checks *verdicts.Writer
}

// The tables a writer fills, indexes of writer.app.
const (
	appGames = iota
	appRounds
	appPlays
	appFiles
	appErrors
)

var appTables = [...]string{"games", "rounds", "plays", "import_files", "import_errors"}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// newPlanner starts an import: it records it in imports (committed at
// once, with finished_at NULL until the end) and reads what the database
// already holds.
func newPlanner(ctx context.Context, db *sql.DB, paths []string, source, opponent string) (*planner, error) {
	p := &planner{source: nullable(source), opponent: nullable(opponent), now: time.Now().UTC()}
	if err := db.QueryRowContext(ctx, nextImportSQL).Scan(&p.importID); err != nil {
		return nil, fmt.Errorf("next import: %w", err)
	}
	if _, err := db.ExecContext(ctx, recordImportSQL, p.importID, p.now, paths, p.source, p.opponent); err != nil {
		return nil, fmt.Errorf("record import: %w", err)
	}
	if err := db.QueryRowContext(ctx, nextGameSQL).Scan(&p.nextID); err != nil {
		return nil, fmt.Errorf("next game: %w", err)
	}
	p.firstID = p.nextID
	p.replaced = map[int64]int64{}
	p.firsts = firstPlays{ctx: ctx, db: db}
	var err error
	if p.byContent, p.byCanonical, p.byTS, err = readKnown(ctx, db); err != nil {
		return nil, err
	}
	return p, nil
}

// finish records the end of the import.
func (p *planner) finish(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, finishImportSQL, time.Now().UTC(), p.importID); err != nil {
		return fmt.Errorf("finish import %d: %w", p.importID, err)
	}
	return nil
}

// tagsKept counts the duplicates of games loaded before the import whose
// tags differ from those the import was given (those not given aside):
// they keep their tags.
func (p *planner) tagsKept(ctx context.Context, db *sql.DB) (int, error) {
	var n int
	if err := db.QueryRowContext(ctx, tagsKeptSQL, p.earlier, p.opponent, p.source).Scan(&n); err != nil {
		return 0, fmt.Errorf("duplicates that kept their tags: %w", err)
	}
	return n, nil
}

// plan decides a Gin game's fate. It fails only when it cannot read a
// loaded game's rows to compare them.
func (p *planner) plan(g *Game) (planned, error) {
	if len(g.Errors) > 0 {
		return planned{g: g, out: rejected, id: -1}, nil
	}
	ck := keyOf(g.ContentHash)
	if id, ok := p.byContent.find(ck); ok {
		return p.again(g, id)
	}
	whole, parts, err := p.relate(g, 0)
	if err != nil {
		return planned{}, err
	}
	if whole != 0 {
		p.noteEarlier(whole)
		return planned{g: g, out: partOf, id: whole, replaces: p.replace(parts, whole)}, nil
	}
	pl := planned{g: g}
	pl.out, pl.id, pl.mirrorOf = p.add(ck, keyOf(g.CanonicalHash))
	p.byTS.add(tsEntry{ts: g.TS, id: pl.id, plays: int32(len(g.Plays)), first: firstPlay(&g.Game), rounds: int16(len(g.Rounds)), mirror: pl.out == mirrored})
	pl.replaces = p.replace(parts, pl.id)
	return pl, nil
}

// again plans a Gin game with the content of the loaded game id: a
// duplicate, or a part of the game that replaced id. The games of its
// timestamp are compared with id too, so that importing again the files
// of two games of which one is a prefix of the other (a database an
// earlier ginlog filled) keeps the longer one.
func (p *planner) again(g *Game, id int64) (planned, error) {
	if w, ok := p.completed(id); ok {
		p.noteEarlier(w)
		return planned{g: g, out: partOf, id: w}, nil
	}
	whole, parts, err := p.relate(g, id)
	if err != nil {
		return planned{}, err
	}
	if whole != 0 {
		self := tsEntry{ts: g.TS, id: id, plays: int32(len(g.Plays)), rounds: int16(len(g.Rounds))}
		for _, e := range p.near {
			if e.id == id {
				self = e
			}
		}
		p.noteEarlier(whole)
		return planned{g: g, out: partOf, id: whole, replaces: p.replace(append(parts, self), whole)}, nil
	}
	p.noteEarlier(id)
	return planned{g: g, out: duplicate, id: id, replaces: p.replace(parts, id)}, nil
}

// noteEarlier notes a game found again, whose tags tagsKept compares at
// the end if it was loaded before the import.
func (p *planner) noteEarlier(id int64) {
	if id < p.firstID {
		p.earlier = append(p.earlier, id)
	}
}

// assign decides the fate of a sound game of another kind (Hearts) from
// its hashes: a duplicate of the loaded game with the same content, or a
// new id, mirroring the loaded game with the same canonical hash if there
// is one.
func (p *planner) assign(content, canonical string) (out outcome, id int64, mirrorOf any) {
	ck := keyOf(content)
	if id, ok := p.byContent.find(ck); ok {
		p.noteEarlier(id)
		return duplicate, id, nil
	}
	return p.add(ck, keyOf(canonical))
}

// add gives a game new to the import, of content key ck and canonical key
// nk, its id: a mirror of the loaded game of the same canonical key, if
// there is one that was not replaced.
func (p *planner) add(ck, nk hashKey) (out outcome, id int64, mirrorOf any) {
	id = p.nextID
	p.nextID++
	p.byContent.add(ck, id)
	if orig, ok := p.byCanonical.find(nk); ok && !p.isReplaced(orig) {
		return mirrored, id, orig
	}
	p.byCanonical.add(nk, id)
	return loaded, id, nil
}

func newWriter(ctx context.Context, db *sql.DB, p *planner, verify bool) (*writer, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("writer connection: %w", err)
	}
	return &writer{p: p, conn: conn, hand: make([]any, gin.HandSize), verify: verify}, nil
}

// write appends a batch in a transaction and flushes it, then waits for
// turn (the previous batch committed) to commit, so that batches commit in
// input order. It returns with the transaction committed or rolled back.
//
// A batch that replaces games waits for its turn before it begins: the
// games it removes may have been committed by the previous batch, which a
// transaction begun earlier would not see, and two transactions that
// remove rows of one rollup block at once would conflict.
func (w *writer) write(ctx context.Context, batch []planned, turn <-chan struct{}) error {
	var gone []int64
	for _, pl := range batch {
		for _, e := range pl.replaces {
			gone = append(gone, e.id)
		}
	}
	if len(gone) > 0 {
		select {
		case <-turn:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	b, err := schema.Begin(ctx, w.conn)
	if err != nil {
		return err
	}
	if err := w.fill(b, batch); err != nil {
		return errors.Join(err, b.Rollback())
	}
	if len(gone) > 0 {
		if err := schema.RemoveGames(ctx, b.Exec, gone); err != nil {
			return errors.Join(fmt.Errorf("replace games by their complete version: %w", err), b.Rollback())
		}
	}
	select {
	case <-turn:
	case <-ctx.Done():
		return errors.Join(ctx.Err(), b.Rollback())
	}
	return b.Commit(ctx)
}

// fill opens the batch's appenders, appends the planned games and flushes
// them into the transaction.
func (w *writer) fill(b *schema.Batch, batch []planned) error {
	for i, table := range appTables {
		a, err := b.Appender(table)
		if err != nil {
			return err
		}
		w.app[i] = a
	}
	if w.verify {
		var err error
		if w.checks, err = verdicts.NewWriter(b); err != nil {
			return err
		}
	}
	for _, pl := range batch {
		if err := w.add(pl); err != nil {
			return err
		}
	}
	return b.Flush()
}

func (w *writer) close() error { return w.conn.Close() }

// outcome is what happened to one game.
type outcome int

const (
	loaded outcome = iota
	duplicate
	mirrored
	rejected
	partOf // a prefix of a loaded game: recorded as a duplicate of it
)

// add appends one planned game (or its errors) to the open batch.
func (w *writer) add(pl planned) error {
	switch pl.out {
	case rejected:
		if err := w.files(pl.g, "rejected", -1); err != nil {
			return err
		}
		for _, e := range pl.g.Errors {
			if err := w.app[appErrors].AppendRow(w.p.importID, e.File, int32(e.Line), int32(e.Column), e.Code, e.Msg); err != nil {
				return err
			}
		}
		return nil
	case duplicate, partOf:
		return w.files(pl.g, "duplicate", pl.id)
	}
	if err := w.appendGame(pl.id, pl.g, pl.mirrorOf); err != nil {
		return err
	}
	if w.verify {
		if err := w.check(pl.id, pl.g); err != nil {
			return err
		}
	}
	return w.files(pl.g, "loaded", pl.id)
}

// check replays a game the batch loads with id and appends its verdicts.
func (w *writer) check(id int64, g *Game) error {
	res := replay.Check(replayGame(id, g))
	if err := w.checks.Game(id, &res); err != nil {
		return fmt.Errorf("the verdicts of game %d: %w", id, err)
	}
	return nil
}

// files records the game's files in import_files.
func (w *writer) files(g *Game, status string, id int64) error {
	var gameID any
	if id >= 0 {
		gameID = id
	}
	for _, f := range []struct {
		file File
		kind string
	}{{g.Turns, "turns"}, {g.Scores, "scores"}} {
		if f.file.Name == "" {
			continue
		}
		sha := f.file.SHA256
		if err := w.app[appFiles].AppendRow(w.p.importID, f.file.Name, sha, int64(f.file.Bytes), f.kind, status, gameID, w.p.now); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) appendGame(id int64, g *Game, mirrorOf any) error {
	// Per-round facts from the turn file.
	type roundFacts struct {
		first        gin.Seat
		plays, stock int16
	}
	facts := make([]roundFacts, len(g.Rounds))
	ply := int16(0)
	for i, p := range g.Plays {
		r := &facts[p.Round-1]
		if r.plays == 0 {
			r.first = p.Seat
			ply = 0
		}
		r.plays++
		ply++
		if p.Drawn != p.Top {
			r.stock++
		}
		for j, c := range p.Hand {
			w.hand[j] = schema.CardValues[c]
		}
		if err := w.app[appPlays].AppendRow(id, p.Round, ply, schema.Side(p.Seat), w.hand,
			uint64(gin.HandOf(p.Hand[:]...)), schema.CardValues[p.Top], schema.CardValues[p.Drawn], p.Drawn == p.Top, schema.CardValues[p.Discarded]); err != nil {
			return fmt.Errorf("plays row %d: %w", i+1, err)
		}
	}
	var you, opp int32
	for i, s := range g.Rounds {
		f := facts[i]
		you += int32(s.You)
		opp += int32(s.Opp)
		if err := w.app[appRounds].AppendRow(id, s.Round, schema.Side(f.first), f.plays, f.stock,
			s.Action.String(), schema.Side(s.Caller), s.You, s.Opp); err != nil {
			return err
		}
	}
	winner := gin.You
	if opp > you {
		winner = gin.Opp
	}
	return w.app[appGames].AppendRow(id, g.TS, time.Unix(g.TS, 0).UTC(), g.ContentHash, g.CanonicalHash, mirrorOf,
		w.p.source, w.p.opponent, int16(len(g.Rounds)), int32(len(g.Plays)), you, opp, schema.Side(winner), w.p.importID, schema.KindGin)
}
