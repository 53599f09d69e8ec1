package ingest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/schema"
)

// planner decides, in input order, what becomes of each game: its id, and
// whether it is new, a duplicate or a mirror of a game already loaded.
type planner struct {
	importID int32
	source   any // string or nil
	opponent any
	now      time.Time

	nextID      int64
	byContent   map[string]int64
	byCanonical map[string]int64
}

// planned is a game with its fate decided.
type planned struct {
	g        *Game
	out      outcome
	id       int64 // the new game id, or the loaded game it duplicates; -1 if rejected
	mirrorOf any   // int64 or nil
}

// writer appends batches of planned games through DuckDB appenders on its
// own connection, one transaction per batch, so that a crash leaves whole
// batches or nothing of them.
type writer struct {
	p    *planner
	conn *sql.Conn
	app  [5]*duckdb.Appender // games, rounds, plays, import_files, import_errors
	hand []any               // reused for each play's card list ([]any, not []driver.Value: the driver copies []any without reflection)
}

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
	p := &planner{source: nullable(source), opponent: nullable(opponent), now: time.Now().UTC(),
		byContent: map[string]int64{}, byCanonical: map[string]int64{}}
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(import_id), 0) + 1 FROM imports`).Scan(&p.importID); err != nil {
		return nil, err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO imports (import_id, started_at, paths, source, opponent) VALUES (?, ?, ?, ?, ?)`,
		p.importID, p.now, paths, p.source, p.opponent); err != nil {
		return nil, fmt.Errorf("record import: %w", err)
	}
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(game_id), 0) + 1 FROM games`).Scan(&p.nextID); err != nil {
		return nil, err
	}
	rows, err := db.QueryContext(ctx, `SELECT game_id, content_hash, canonical_hash, mirror_of IS NULL FROM games`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var content, canonical string
		var original bool
		if err := rows.Scan(&id, &content, &canonical, &original); err != nil {
			return nil, err
		}
		p.byContent[content] = id
		if original {
			p.byCanonical[canonical] = id
		}
	}
	return p, rows.Err()
}

// finish records the end of the import.
func (p *planner) finish(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE imports SET finished_at = ? WHERE import_id = ?`, time.Now().UTC(), p.importID)
	return err
}

// plan decides a game's fate.
func (p *planner) plan(g *Game) planned {
	if len(g.Errors) > 0 {
		return planned{g: g, out: rejected, id: -1}
	}
	if id, ok := p.byContent[g.ContentHash]; ok {
		return planned{g: g, out: duplicate, id: id}
	}
	pl := planned{g: g, out: loaded, id: p.nextID}
	p.nextID++
	p.byContent[g.ContentHash] = pl.id
	if orig, ok := p.byCanonical[g.CanonicalHash]; ok {
		pl.mirrorOf, pl.out = orig, mirrored
	} else {
		p.byCanonical[g.CanonicalHash] = pl.id
	}
	return pl
}

func newWriter(ctx context.Context, db *sql.DB, p *planner) (*writer, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	return &writer{p: p, conn: conn, hand: make([]any, gin.HandSize)}, nil
}

// write appends a batch in a transaction and flushes it, then waits for
// turn (the previous batch committed) to commit, so that batches commit in
// input order. It returns with the transaction committed or rolled back.
func (w *writer) write(ctx context.Context, batch []planned, turn <-chan struct{}) error {
	if err := w.begin(ctx); err != nil {
		return err
	}
	for _, pl := range batch {
		if err := w.add(pl); err != nil {
			w.rollback()
			return err
		}
	}
	for i, a := range w.app {
		w.app[i] = nil
		if err := a.Close(); err != nil {
			w.rollback()
			return fmt.Errorf("flush %s: %w", appTables[i], err)
		}
	}
	select {
	case <-turn:
	case <-ctx.Done():
		w.rollback()
		return ctx.Err()
	}
	_, err := w.conn.ExecContext(ctx, "COMMIT")
	return err
}

// begin opens a transaction and an appender per table.
func (w *writer) begin(ctx context.Context) error {
	if _, err := w.conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	err := w.conn.Raw(func(dc any) error {
		for i, table := range appTables {
			a, err := duckdb.NewAppenderFromConn(dc.(driver.Conn), "", table)
			if err != nil {
				return fmt.Errorf("appender for %s: %w", table, err)
			}
			w.app[i] = a
		}
		return nil
	})
	if err != nil {
		w.rollback()
	}
	return err
}

// rollback abandons the batch.
func (w *writer) rollback() {
	for i, a := range w.app {
		if a != nil {
			a.Close()
			w.app[i] = nil
		}
	}
	w.conn.ExecContext(context.Background(), "ROLLBACK")
}

func (w *writer) close() error { return w.conn.Close() }

// outcome is what happened to one game.
type outcome int

const (
	loaded outcome = iota
	duplicate
	mirrored
	rejected
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
	case duplicate:
		return w.files(pl.g, "duplicate", pl.id)
	}
	if err := w.appendGame(pl.id, pl.g, pl.mirrorOf); err != nil {
		return err
	}
	return w.files(pl.g, "loaded", pl.id)
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
		firstYou     bool
		plays, stock int16
	}
	facts := make([]roundFacts, len(g.Rounds))
	ply := int16(0)
	for i, p := range g.Plays {
		r := &facts[p.Round-1]
		if r.plays == 0 {
			r.firstYou = p.You
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
		if err := w.app[appPlays].AppendRow(id, p.Round, ply, schema.Side(p.You), w.hand,
			uint64(gin.HandOf(p.Hand[:]...)), schema.CardValues[p.Top], schema.CardValues[p.Drawn], p.Drawn == p.Top, schema.CardValues[p.Discarded]); err != nil {
			return fmt.Errorf("plays row %d: %w", i+1, err)
		}
	}
	var you, opp int32
	for i, s := range g.Rounds {
		f := facts[i]
		you += int32(s.You)
		opp += int32(s.Opp)
		if err := w.app[appRounds].AppendRow(id, s.Round, schema.Side(f.firstYou), f.plays, f.stock,
			s.Action.String(), schema.Side(s.CallerYou), s.You, s.Opp); err != nil {
			return err
		}
	}
	return w.app[appGames].AppendRow(id, g.TS, time.Unix(g.TS, 0).UTC(), g.ContentHash, g.CanonicalHash, mirrorOf,
		w.p.source, w.p.opponent, int16(len(g.Rounds)), int32(len(g.Plays)), you, opp, schema.Side(you >= opp), w.p.importID)
}
