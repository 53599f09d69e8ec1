// Package testdataset builds what the tests of Parquet datasets read:
// logs simulated into a folder, database files ingested (and verified)
// from folders of logs, and their datasets.
package testdataset

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/sim"
	"github.com/ginlog/ginlog/store"
)

// Sample is the bundled sample corpus, from a package folder.
const Sample = "../testdata/sample"

// Simulate writes games games of the players a and b (sim's names) into
// dir, the first at Unix time start, and returns dir.
func Simulate(t testing.TB, dir, a, b string, games int, seed uint64, start int64) string {
	t.Helper()
	pa, err := players.Bot(a)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := players.Bot(b)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := sim.Config{Players: [2]sim.Entrant{pa, pb}, Games: games, Seed: seed, Start: start, Workers: 2}
	if err := sim.Run(context.Background(), cfg, func(g *sim.Game) error { return sim.WriteGame(dir, g) }); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Database ingests each import in turn into the database file at path
// (created if needed) and, unless noVerify, verifies every game (Gin
// Rummy and Hearts). A folder
// of logs that is absent skips the test (fails it under CI).
func Database(t testing.TB, path string, noVerify bool, imports ...ingest.Options) {
	t.Helper()
	ctx := context.Background()
	db, err := schema.OpenWith(ctx, path, testschema.Limits)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, opts := range imports {
		for _, p := range opts.Paths {
			testenv.Dir(t, p)
		}
		if _, err := ingest.Run(ctx, db.DB, opts); err != nil {
			t.Fatal(err)
		}
	}
	if noVerify {
		return
	}
	if _, err := store.Verify(ctx, db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(ctx, db.DB, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := store.VerifyHearts(ctx, db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
}

// Export exports the database at dbPath into a new dataset and returns
// the dataset's folder.
func Export(t testing.TB, dbPath string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "dataset")
	if _, err := dataset.Export(context.Background(), dbPath, dir, dataset.Options{}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Open opens the dataset in dir, closed when the test ends.
func Open(t testing.TB, dir string) *dataset.DB {
	t.Helper()
	db, err := dataset.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
