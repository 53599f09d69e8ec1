package ingest

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/internal/panics"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/schema"
)

// Format is the log format of a game other than Gin Rummy, whose pairs of
// files ingest reads itself. A new game is a rules package plus a Format:
// ingest finds the files, offers a Format those it detects (or all of
// them, when Options.Game names it), and loads the games it reads with
// the machinery every game shares: ids, duplicates and mirrors by hash,
// whole games in ordered transactions, located errors, import_files and
// import_errors.
type Format interface {
	// Kind is the format's games.kind value and its --game name.
	Kind() string
	// Detect reports whether a lone <stamp>.csv whose first line is
	// line is one of the format's logs.
	Detect(line []byte) bool
	// Read reads the files into games and passes each to yield, in a
	// fixed order (game ids follow it), stopping at the first error of
	// yield or when ctx is done. A file that cannot be read, or read
	// right, is a located error of its game, not an error of Read.
	Read(ctx context.Context, files []LogFile, workers int, yield func(FormatGame) error) error
}

// LogFile is a file offered to a Format: its name, as errors show it
// (slash-separated; archive.zip!inner/path inside an archive), and how to
// read it, at most MaxFileBytes of it.
type LogFile struct {
	Name string
	Read func() ([]byte, error)
}

// FormatGame is a game a Format read.
type FormatGame interface {
	// Stamp is the game's log_ts: the first time its file names give.
	Stamp() int64
	// Hashes returns the hash of the game's content (the same logs loaded
	// twice have the same) and its canonical hash (the same for every
	// view of the game, whoever logged it).
	Hashes() (content, canonical string)
	// Size returns the game's rounds (hands) and plays (cards).
	Size() (rounds, plays int)
	// Files lists the files the game comes from.
	Files() []File
	// Errors lists the game's defects; a game with any is rejected whole.
	Errors() []*logfile.FileError
	// Store appends the game's own rows, under the game id id.
	Store(r *Rows, id int64) error
}

// Rows appends rows to tables in one batch, an appender per table.
type Rows struct {
	b     *schema.Batch
	apps  map[string]*duckdb.Appender
	names *playerNames // how the import names Hearts players
}

// Append appends one row to table.
func (r *Rows) Append(table string, values ...driver.Value) error {
	a, ok := r.apps[table]
	if !ok {
		var err error
		if a, err = r.b.Appender(table); err != nil {
			return err
		}
		r.apps[table] = a
	}
	if err := a.AppendRow(values...); err != nil {
		return fmt.Errorf("%s: %w", table, err)
	}
	return nil
}

// unixTime returns a log's stamp as a UTC time.
func unixTime(ts int64) time.Time { return time.Unix(ts, 0).UTC() }

// formats lists the formats besides Gin's, by kind.
var formats = []Format{heartsFormat{}}

// GameKinds lists the --game names: gin and each Format's kind.
func GameKinds() []string {
	kinds := []string{schema.KindGin}
	for _, f := range formats {
		kinds = append(kinds, f.Kind())
	}
	return kinds
}

// ErrUnknownGame reports an Options.Game that names no game.
var ErrUnknownGame = errors.New("unknown game")

// formatOf returns the Format of kind, nil for Gin.
func formatOf(kind string) (Format, error) {
	if kind == "" || kind == schema.KindGin {
		return nil, nil
	}
	for _, f := range formats {
		if f.Kind() == kind {
			return f, nil
		}
	}
	return nil, fmt.Errorf("%w %q: want %s", ErrUnknownGame, kind, strings.Join(GameKinds(), " or "))
}

// router sorts the pairs found, one at a time, into Gin's and each
// format's files. With a forced format every file goes to it; with Gin
// forced none does; otherwise a lone <stamp>.csv goes to the first format
// that detects its first line, and everything else stays Gin's.
type router struct {
	forced  Format
	gin     bool // Gin forced
	offered map[Format][]LogFile
}

func newRouter(forced string) (*router, error) {
	f, err := formatOf(forced)
	if err != nil {
		return nil, err
	}
	return &router{forced: f, gin: forced == schema.KindGin, offered: map[Format][]LogFile{}}, nil
}

// route reports whether the pair is Gin's; if not, its files are
// offered to their format.
func (r *router) route(p *pair) bool {
	give := func(f Format, sources ...*source) {
		for _, s := range sources {
			if s != nil {
				r.offered[f] = append(r.offered[f], LogFile{Name: s.name, Read: s.read})
			}
		}
	}
	switch {
	case r.forced != nil:
		give(r.forced, append([]*source{p.turns, p.scores}, p.others...)...)
		return false
	case r.gin || p.turns == nil || p.scores != nil || len(p.others) > 0:
		return true
	}
	if d := detect(p.turns); d != nil {
		give(d, p.turns)
		return false
	}
	return true
}

// detect returns the format whose Detect accepts the first line of s, or
// nil (for Gin's path, which reports what is wrong with it).
func detect(s *source) Format {
	data, err := s.read()
	if err != nil {
		return nil
	}
	data = data[:min(len(data), ginlogs.MaxLine+3)]
	line, _, _ := strings.Cut(strings.TrimPrefix(string(data), "\xef\xbb\xbf"), "\n")
	for _, f := range formats {
		if f.Detect([]byte(strings.TrimSuffix(line, "\r"))) {
			return f
		}
	}
	return nil
}

// loadFormatFiles loads the games of files, if any, on a writer of its
// own.
func loadFormatFiles(ctx context.Context, db *sql.DB, p *planner, f Format, files []LogFile, opts Options, sum *Summary) (err error) {
	if len(files) == 0 {
		return nil
	}
	defer panics.Capture(&err)
	w, err := newWriter(ctx, db, p, false) // Hearts games are verified after the import
	if err != nil {
		return err
	}
	defer w.close()
	return loadFormat(ctx, w, f, files, opts, sum)
}

// loadFormat loads the games that f reads from files, after the Gin games
// of the import: each batch of games in one transaction, in order.
func loadFormat(ctx context.Context, w *writer, f Format, files []LogFile, opts Options, sum *Summary) error {
	slices.SortStableFunc(files, func(a, b LogFile) int { return strings.Compare(a.Name, b.Name) })
	var batch []plannedFormat
	plays := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := w.writeFormat(ctx, f.Kind(), batch)
		batch, plays = nil, 0
		return err
	}
	seen := map[string]bool{} // the files recorded, once each: a file may hold two games' hands
	err := f.Read(ctx, files, opts.Workers, func(g FormatGame) error {
		pl := plannedFormat{g: g, id: -1, out: rejected}
		if len(g.Errors()) == 0 {
			content, canonical := g.Hashes()
			pl.out, pl.id, pl.mirrorOf = w.p.assign(content, canonical)
		}
		for _, file := range g.Files() {
			if !seen[file.Name] {
				seen[file.Name] = true
				pl.files = append(pl.files, file)
			}
		}
		sum.countFormat(&pl, opts.OnError)
		if opts.OnGame != nil {
			for range pl.files {
				opts.OnGame()
			}
		}
		batch = append(batch, pl)
		_, n := g.Size()
		if plays += n; opts.Batch > 0 && len(batch) >= opts.Batch || opts.Batch == 0 && plays >= batchPlays {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}

// plannedFormat is a Format's game with its fate decided, and the files
// it is the first game of.
type plannedFormat struct {
	g        FormatGame
	out      outcome
	id       int64
	mirrorOf any
	files    []File
}

// countFormat adds a Format's game to the summary and reports its errors.
func (s *Summary) countFormat(pl *plannedFormat, onError func(*logfile.FileError)) {
	s.Files += len(pl.files)
	if s.countOutcome(pl.out, pl.id, pl.g.Errors(), onError) {
		rounds, _ := pl.g.Size()
		s.Hands += rounds
	}
}

// writeFormat writes a batch of a Format's games in one transaction.
func (w *writer) writeFormat(ctx context.Context, kind string, batch []plannedFormat) error {
	b, err := schema.Begin(ctx, w.conn)
	if err != nil {
		return err
	}
	r := &Rows{b: b, apps: map[string]*duckdb.Appender{}, names: w.p.names}
	for _, pl := range batch {
		if err := w.addFormat(r, kind, &pl); err != nil {
			return errors.Join(fmt.Errorf("%s game %d: %w", kind, pl.id, err), b.Rollback())
		}
	}
	return b.Commit(ctx)
}

// addFormat appends one planned game of a Format: its files and errors,
// and when it is loaded its games row and its own rows.
func (w *writer) addFormat(r *Rows, kind string, pl *plannedFormat) error {
	status, gameID := "loaded", any(pl.id)
	switch pl.out {
	case rejected:
		status, gameID = "rejected", nil
	case duplicate:
		status = "duplicate"
	}
	for _, f := range pl.files {
		if err := r.Append("import_files", w.p.importID, f.Name, f.SHA256, int64(f.Bytes), kind, status, gameID, w.p.now); err != nil {
			return err
		}
	}
	if pl.out == rejected {
		for _, e := range pl.g.Errors() {
			if err := r.Append("import_errors", w.p.importID, e.File, int32(e.Line), int32(e.Column), e.Code, e.Msg); err != nil {
				return err
			}
		}
		return nil
	}
	if pl.out == duplicate {
		return nil
	}
	content, canonical := pl.g.Hashes()
	rounds, plays := pl.g.Size()
	ts := pl.g.Stamp()
	if err := r.Append("games", pl.id, ts, unixTime(ts), content, canonical, pl.mirrorOf, w.p.source, w.p.opponent,
		int16(min(rounds, 1<<15-1)), int32(plays), nil, nil, nil, w.p.importID, kind); err != nil {
		return err
	}
	return pl.g.Store(r, pl.id)
}
