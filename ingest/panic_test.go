package ingest

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/internal/panics"
)

// sample is the bundled sample corpus: 20 games.
const sample = "../testdata/sample"

// TestParsePanicStopsTheImport: a panic while parsing a game, on any of the
// parse workers, ends the import with a *panics.Error carrying the panic's
// stack (which the command line reports as an internal error, exit 70),
// not the process; the games committed before it are whole, and the import
// is not marked finished.
func TestParsePanicStopsTheImport(t *testing.T) {
	for _, tc := range []struct {
		name    string
		workers int
		at      int // the pair, in input order, whose parsing panics
	}{
		{"one worker, first game", 1, 0},
		{"one worker, a later game", 1, 11},
		{"four workers, a later game", 4, 11},
		{"four workers, last game", 4, 19},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openDB(t, filepath.Join(t.TempDir(), "g.duckdb"))
			parse := func(p *pair) *Game {
				if p.ts == 1700000000+int64(tc.at%8)+100*int64(tc.at/8) {
					panic(fmt.Sprintf("boom at %d", p.ts))
				}
				return parseGame(p)
			}
			_, err := runWith(context.Background(), db.DB, Options{Paths: []string{sample}, Workers: tc.workers, Batch: 2}, parse)
			var pe *panics.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *panics.Error", err)
			}
			if want := fmt.Sprintf("boom at %d", 1700000000+int64(tc.at%8)+100*int64(tc.at/8)); pe.Value != want || len(pe.Stack) == 0 {
				t.Errorf("panic %v with %d bytes of stack, want %q and its stack", pe.Value, len(pe.Stack), want)
			}
			games := count(t, db.DB, `SELECT count(*) FROM games`)
			if whole := count(t, db.DB, `SELECT count(*) FROM games g WHERE plays = (SELECT count(*) FROM plays p WHERE p.game_id = g.game_id)
				AND rounds = (SELECT count(*) FROM rounds r WHERE r.game_id = g.game_id)`); whole != games {
				t.Errorf("%d of %d committed games are whole", whole, games)
			}
			if games >= 20 {
				t.Errorf("%d games committed, want fewer than the 20 of the corpus", games)
			}
			if unfinished := count(t, db.DB, `SELECT count(*) FROM imports WHERE finished_at IS NULL`); unfinished != 1 {
				t.Errorf("%d unfinished imports, want 1", unfinished)
			}
		})
	}
}
