// Package ingest loads tournament logs into the database. It finds the log
// files (files, directories, glob patterns, zip archives), pairs each
// <ts>.csv turn file with its <ts>-score.csv (a browser's renamed second
// downloads, <ts> (1).csv, by their copy number: see ParseLogName and
// game.pairs), has package gin/logs check every row against the log
// format of RULES.md with located errors, and loads each game whole or not
// at all through DuckDB appenders, one transaction per batch of games.
//
// Hostile input rejects itself only. Folders are read once each however
// links lead to them; only regular files are read, opened without
// blocking, up to MaxFileBytes (decompressed, for zip entries); a game may
// have gin/logs' MaxRounds rounds of MaxPlaysPerRound plays and a
// timestamp up to MaxTimestamp. A pipe, device, damaged archive,
// unreadable folder, path that is not UTF-8 or file past a limit is a
// located error for that input, and every file skipped is counted and the
// first MaxSkipsListed named (Summary.SkippedFiles).
//
// Finding streams: the files are listed folder by folder and archive by
// archive, paired there and handed to the parsers through a bounded
// queue, so that memory holds one folder's listing (16 bytes a file
// named as the server names it, see folderLogs) and the games in flight,
// not the whole import. Game ids follow
// the finder's order (see finder): the folders and archives named, in
// order, each folder's logs by timestamp before its subfolders.
//
// Games are told apart by their content: the same game imported again is a
// duplicate and changes nothing, its tags included (Summary.TagsKept); the
// same game logged by the other player (the same plays with the player
// flags inverted) is loaded once more but
// linked to the first by games.mirror_of, so statistics count it once.
// A game whose files were read before they were whole (a prefix of it,
// see prefix.go) is replaced by the whole game when that is imported,
// and changes nothing when imported after it (Summary.Replaced and
// Partial): one player's logs never give two games of one timestamp of
// which one is the start of the other.
//
// Other games' logs come in through a Format (format.go): a file that is
// not part of a Gin pair and whose first row a Format detects (or every
// file, with Options.Game) is the Format's to read into games, which load
// with the same machinery: ids, duplicates and mirrors by hash, whole games
// in ordered transactions, located errors. The Hearts logs of the FIT2102
// framework are one (hearts.go).
package ingest

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"time"
	"unicode/utf8"

	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/panics"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/store/verdicts"
	"golang.org/x/sync/errgroup"
)

// Options configure an import.
type Options struct {
	Paths    []string
	Source   string // --source label for the games of this import
	Opponent string // --opponent name for the games of this import
	Game     string // "" to detect each file's game, or a kind (GameKinds) to read every file as its logs
	Workers  int    // parsing goroutines; 0 means one per CPU
	Batch    int    // games per transaction; 0 means batches of batchPlays plays
	// Verify replays each Gin game the import loads and stores its
	// verdicts with it, in the transaction that loads it: what ginlog
	// verify stores, without reading the game back (verify.go). The
	// games of other kinds, and those of imports made without it, are
	// for store.Verify and store.VerifyHearts.
	Verify bool

	// OnError, when set, is called with each defect as it is found.
	OnError func(*logfile.FileError)
	// OnTotal and OnGame, when set, report progress: the number of Gin
	// games and other games' files found so far, each time finding (which
	// goes on while the games load, folder by folder and archive by
	// archive) finds more, and each game or file processed.
	OnTotal func(games int)
	OnGame  func()
}

// Summary counts what an import did.
type Summary struct {
	ImportID int32 `json:"import_id"`
	Files    int   `json:"files"`
	// Skipped counts the files found in folders and archives that are not
	// logs; SkippedFiles names each, with why.
	Skipped      int    `json:"skipped_files"`
	SkippedFiles []Skip `json:"skipped"`
	// BadFiles counts the inputs rejected on their own, not as part of a
	// game: a file named on the command line that is not a log, a folder
	// or archive that cannot be read, a timestamp out of range.
	BadFiles   int `json:"files_rejected"`
	New        int `json:"games_new"`
	Duplicates int `json:"games_duplicate"`
	// TagsKept counts the duplicates whose tags differ from the
	// --opponent and --source of this import: a game already loaded keeps
	// its tags (ginlog tag changes them).
	TagsKept int `json:"duplicates_tags_kept"`
	// Partial counts the games found whose files hold only the start of
	// a game loaded (read before they were whole): they change nothing,
	// like duplicates. Replaced counts the games loaded (before, or by
	// this import) that the import replaced by their complete version,
	// removing them with everything derived from them; a game this
	// import loaded and then replaced is not counted in New, Mirrors,
	// Rounds or Plays.
	Partial   int     `json:"games_partial"`
	Replaced  int     `json:"games_replaced"`
	Mirrors   int     `json:"games_mirror"`
	Rejected  int     `json:"games_rejected"`
	Rounds    int     `json:"rounds"`
	Plays     int     `json:"plays"`
	Hands     int     `json:"hands"` // the Hearts hands loaded
	Errors    int     `json:"errors"`
	Seconds   float64 `json:"seconds"`
	GamesPerS float64 `json:"games_per_second"`
	// FirstGame and LastGame bound the ids of the games this import loaded
	// (0 when it loaded none).
	FirstGame int64 `json:"first_game_id"`
	LastGame  int64 `json:"last_game_id"`
	// Verified counts the verdicts of the games verified as they loaded
	// (Options.Verify; nil without it). Its Seconds are the import's.
	Verified *replay.Summary `json:"-"`

	games int // the games found, whatever became of them
}

// Run imports the logs under opts.Paths into db. A defect in a game
// rejects that game only; Run returns an error only for what stops the whole
// import (a path that does not exist, a database failure, cancellation),
// and the batches committed before it stay.
//
// Games are parsed on opts.Workers goroutines and appended by two writers,
// each on its own connection, which fill their batches at the same time but
// commit them in input order: game ids follow the input order, and after a
// crash the committed games are exactly the first batches of the input.
func Run(ctx context.Context, db *sql.DB, opts Options) (*Summary, error) {
	return runWith(ctx, db, opts, parseGame)
}

// runWith is Run with the function that parses a pair: tests give one that
// panics.
func runWith(ctx context.Context, db *sql.DB, opts Options, parse func(*pair) *Game) (*Summary, error) {
	start := time.Now()
	if err := checkLabels(opts); err != nil {
		return nil, err
	}
	fd, err := newFinder(opts.Paths)
	if err != nil {
		return nil, err
	}
	defer fd.close()
	route, err := newRouter(opts.Game)
	if err != nil {
		return nil, err
	}
	shown := make([]string, len(opts.Paths))
	for i, p := range opts.Paths {
		shown[i] = display(p)
	}
	p, err := newPlanner(ctx, db, shown, opts.Source, opts.Opponent)
	if err != nil {
		return nil, err
	}
	if p.names, err = newPlayerNames(ctx, db, opts.Source, fd.rootPaths()); err != nil {
		return nil, err
	}
	// A game the planner cannot compare stops the import (stop), as a
	// failure of the group does.
	rctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	grp, gctx := errgroup.WithContext(rctx)
	jobs, err := startWriters(gctx, grp, db, p, writers, opts.Verify)
	if err != nil {
		return nil, err
	}
	items := make(chan item, itemsInFlight)
	grp.Go(func() (err error) {
		defer panics.Capture(&err)
		return fd.run(gctx, items)
	})

	sum := &Summary{ImportID: p.importID}
	b := newBatcher(gctx, jobs, opts.Batch)
	p.rows = b.rows(db, p.firstID)
	for r := range parseAll(gctx, grp, items, route, opts.Workers, parse) {
		if err := take(r, p, b, sum, opts); err != nil {
			stop(err)
		}
	}
	b.flush()
	close(jobs)
	werr := grp.Wait()
	if err := context.Cause(rctx); err != nil && ctx.Err() == nil {
		return nil, err
	}
	if werr != nil {
		return nil, werr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sum.Skipped, sum.SkippedFiles = fd.skips, append([]Skip{}, fd.skipped...)
	if err := finishImport(ctx, db, p, route, opts, sum); err != nil {
		return nil, err
	}
	if opts.Verify {
		if sum.Verified, err = verdicts.Summarize(ctx, db, p.firstID, p.nextID-1); err != nil {
			return nil, err
		}
	}
	sum.Seconds = time.Since(start).Seconds()
	sum.GamesPerS = float64(sum.games) / max(sum.Seconds, 1e-9)
	if sum.Verified != nil {
		sum.Verified.Seconds = sum.Seconds
		sum.Verified.GamesPerS = float64(sum.Verified.Games) / max(sum.Seconds, 1e-9)
	}
	return sum, nil
}

// take plans what parseAll yields, in order, counts it and hands it to
// the batcher. It fails only when the planner cannot read a loaded game
// to compare it with the game.
func take(r parsed, p *planner, b *batcher, sum *Summary, opts Options) error {
	switch {
	case r.found != 0:
		b.found(r.found)
		if opts.OnTotal != nil {
			opts.OnTotal(b.total)
		}
	case r.bad != nil:
		// Inputs rejected on their own have errors but no files of a
		// game: they are recorded in import_errors only.
		b.hold(planned{g: &Game{Game: ginlogs.Game{Errors: []*logfile.FileError{r.bad}}}, out: rejected, id: -1})
		sum.BadFiles++
		sum.Errors++
		if opts.OnError != nil {
			opts.OnError(r.bad)
		}
	default:
		pl, err := p.plan(r.g)
		if err != nil {
			return err
		}
		sum.count(r.g, pl, p.firstID, opts.OnError)
		if opts.OnGame != nil {
			opts.OnGame()
		}
		b.add(pl, len(r.g.Plays))
	}
	return nil
}

// checkLabels refuses a source or opponent label that is not valid UTF-8.
func checkLabels(opts Options) error {
	for _, label := range []struct{ flag, value string }{{"source", opts.Source}, {"opponent", opts.Opponent}} {
		if !utf8.ValidString(label.value) {
			return fmt.Errorf("the %s label %q is not valid UTF-8", label.flag, label.value)
		}
	}
	return nil
}

// batcher cuts the planned games into batches and hands them to the
// writers, each with the turn it waits for before it commits, so that
// batches commit in input order. Small imports are cut into smaller
// batches so that both writers work: about four batches, at a guessed 100
// plays a game of those found so far.
type batcher struct {
	ctx   context.Context
	jobs  chan<- writeJob
	games int // games a batch, if set (--batch); else plays decide
	total int // games found so far
	limit int // plays a batch
	batch []planned
	plays int
	turn  <-chan struct{} // closed when the previous batch has committed
}

func newBatcher(ctx context.Context, jobs chan<- writeJob, games int) *batcher {
	turn := make(chan struct{})
	close(turn) // the first batch may commit at once
	return &batcher{ctx: ctx, jobs: jobs, games: games, limit: minBatchPlays, turn: turn}
}

// found counts n more games found, which may make the batches larger.
func (b *batcher) found(n int) {
	b.total += n
	b.limit = min(batchPlays, max(minBatchPlays, b.total*100/(2*writers)))
}

// hold adds an input rejected on its own to the batch, which it does not
// fill.
func (b *batcher) hold(pl planned) { b.batch = append(b.batch, pl) }

// add adds a planned game of plays plays, sending the batch when full.
func (b *batcher) add(pl planned, plays int) {
	b.batch = append(b.batch, pl)
	b.plays += plays
	if b.games > 0 && len(b.batch) >= b.games || b.games <= 0 && b.plays >= b.limit {
		b.send()
	}
}

// flush sends what is left.
func (b *batcher) flush() {
	if len(b.batch) > 0 {
		b.send()
	}
}

func (b *batcher) send() {
	committed := make(chan struct{})
	select {
	case b.jobs <- writeJob{b.batch, b.turn, committed}:
	case <-b.ctx.Done():
	}
	b.batch, b.turn, b.plays = nil, committed, 0
}

// rows returns the planner's reader of a loaded Gin game's rows: a game
// of the batch being filled is there; another game of the import
// (firstID and after) is read once the batches sent have committed; a
// game loaded before the import is read at once.
func (b *batcher) rows(db *sql.DB, firstID int64) func(id int64) (*ginlogs.Game, error) {
	return func(id int64) (*ginlogs.Game, error) {
		if id >= firstID {
			for _, pl := range b.batch {
				if pl.id == id && (pl.out == loaded || pl.out == mirrored) {
					return &pl.g.Game, nil
				}
			}
			select {
			case <-b.turn:
			case <-b.ctx.Done():
				return nil, b.ctx.Err()
			}
		}
		return readGame(b.ctx, db, id)
	}
}

// finishImport loads the other games' files (Hearts), counts the
// duplicates whose tags were kept, and records the import as finished.
func finishImport(ctx context.Context, db *sql.DB, p *planner, route *router, opts Options, sum *Summary) error {
	for _, f := range formats {
		if err := loadFormatFiles(ctx, db, p, f, route.offered[f], opts, sum); err != nil {
			return err
		}
	}
	if len(p.earlier) > 0 {
		var err error
		if sum.TagsKept, err = p.tagsKept(ctx, db); err != nil {
			return err
		}
	}
	return p.finish(ctx, db)
}

// batchPlays is how many plays a batch holds by default: a whole number of
// DuckDB row groups (122,880 rows), so that commits do not leave partial
// row groups behind. Measured on 20,000 games, batches of this size load
// about a third faster than batches of 500 games.
const batchPlays = 3 * 122880

// minBatchPlays is the smallest default batch, in plays.
const minBatchPlays = 10000

// writers is how many connections append at once.
const writers = 2

// writeJob is a batch for a writer: it may commit once turn is closed, and
// closes committed when it has.
type writeJob struct {
	batch     []planned
	turn      <-chan struct{}
	committed chan struct{}
}

// startWriters starts n writers in g, taking batches from the returned
// channel until it is closed. A writer that fails stops the group.
func startWriters(ctx context.Context, g *errgroup.Group, db *sql.DB, p *planner, n int, verify bool) (chan<- writeJob, error) {
	ws := make([]*writer, n)
	for i := range ws {
		w, err := newWriter(ctx, db, p, verify)
		if err != nil {
			for _, w := range ws[:i] {
				w.close()
			}
			return nil, err
		}
		ws[i] = w
	}
	jobs := make(chan writeJob)
	for _, w := range ws {
		g.Go(func() (err error) {
			defer panics.Capture(&err)
			defer w.close()
			for j := range jobs {
				if err := w.write(ctx, j.batch, j.turn); err != nil {
					return err
				}
				close(j.committed)
			}
			return nil
		})
	}
	return jobs, nil
}

// count adds a Gin game's outcome to the summary and reports its errors.
// The games it replaces that the import loaded (firstID and after) are
// taken out of the counts again.
func (s *Summary) count(g *Game, pl planned, firstID int64, onError func(*logfile.FileError)) {
	s.Files += 2
	if g.Scores.Name == "" {
		s.Files--
	}
	if s.countOutcome(pl.out, pl.id, g.Errors, onError) {
		s.Rounds += len(g.Rounds)
		s.Plays += len(g.Plays)
	}
	for _, e := range pl.replaces {
		s.Replaced++
		if e.id < firstID {
			continue
		}
		if e.mirror {
			s.Mirrors--
		} else {
			s.New--
		}
		s.Rounds -= int(e.rounds)
		s.Plays -= int(e.plays)
	}
}

// countOutcome adds a game's outcome to the summary, whatever its kind,
// and reports the errors of a rejected one (errs); it reports whether the
// game was loaded (new or a mirror), so that its rows count.
func (s *Summary) countOutcome(out outcome, id int64, errs []*logfile.FileError, onError func(*logfile.FileError)) bool {
	s.games++
	switch out {
	case rejected:
		s.Rejected++
		s.Errors += len(errs)
		if onError != nil {
			for _, e := range errs {
				onError(e)
			}
		}
		return false
	case duplicate:
		s.Duplicates++
		return false
	case partOf:
		s.Partial++
		return false
	case mirrored:
		s.Mirrors++
	default:
		s.New++
	}
	if s.FirstGame == 0 {
		s.FirstGame = id
	}
	s.LastGame = id
	return true
}

// itemsInFlight is how many items the finder may hand on ahead of the
// parsers.
const itemsInFlight = 256

// parsed is what parseAll yields, in the finder's order: a game, an input
// rejected on its own, or a number of games found.
type parsed struct {
	g     *Game
	bad   *logfile.FileError
	found int
}

// parseAll parses the Gin pairs of items with parse on workers goroutines
// of grp and yields them in input order, with the other items; the other
// games' files go to route. A panic in a worker stops grp with a
// *panics.Error, like a failure of any goroutine of the group; once ctx
// (grp's) ends, the channel closes without the rest.
func parseAll(ctx context.Context, grp *errgroup.Group, items <-chan item, route *router, workers int, parse func(*pair) *Game) <-chan parsed {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	type job struct {
		p   *pair
		out chan parsed
	}
	jobs := make(chan job)
	queue := make(chan chan parsed, 4*workers+16)
	for range workers {
		grp.Go(func() (err error) {
			defer panics.Capture(&err)
			for j := range jobs {
				j.out <- parsed{g: parse(j.p)}
			}
			return nil
		})
	}
	grp.Go(func() (err error) {
		defer panics.Capture(&err)
		defer close(jobs)
		defer close(queue)
		for it := range items {
			if it.p != nil && !route.route(it.p) {
				continue
			}
			out := make(chan parsed, 1)
			select {
			case queue <- out:
			case <-ctx.Done():
				return nil
			}
			if it.p == nil {
				out <- parsed{bad: it.bad, found: it.found}
				continue
			}
			select {
			case jobs <- job{it.p, out}:
			case <-ctx.Done():
				return nil
			}
		}
		return nil
	})
	games := make(chan parsed)
	go func() {
		defer func() {
			for range queue { // let the feeder finish
			}
		}()
		defer close(games)
		for out := range queue {
			select {
			case g := <-out:
				select {
				case games <- g:
				case <-ctx.Done():
					return
				}
			case <-ctx.Done(): // a worker may have stopped before this job
				return
			}
		}
	}()
	return games
}
