// Package testdb builds the databases tests query: a corpus of logs
// ingested and verified (Gin Rummy and Hearts games) into a fresh
// DuckDB database.
package testdb

import (
	"context"
	"database/sql"
	"os"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store"
)

// Load ingests (with opts, its Paths set to dir) and verifies the logs in
// dir into a fresh database (Fresh), closed when the test ends. When
// dir is absent it calls testenv.Missing: the test skips with a message,
// and fails under CI. Prefer LoadCorpus, which knows that the bundled
// sample is never missing.
func Load(t testing.TB, dir string, opts ingest.Options) *sql.DB {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		testenv.Missing(t, "%s absent (%v): run from a checkout with ../shared beside it", dir, err)
	}
	return load(t, dir, opts)
}

// LoadCorpus is Load on a corpus: the sample's absence fails the test, the
// real logs' calls testenv.Missing.
func LoadCorpus(t testing.TB, c testenv.Corpus, opts ingest.Options) *sql.DB {
	t.Helper()
	return load(t, c.Dir(t), opts)
}

// Fresh opens a fresh database at the latest schema version in the
// test's temporary folder (a copy of one migrated once, testschema.Open),
// closed when the test ends.
func Fresh(t testing.TB) *schema.DB {
	t.Helper()
	return testschema.Open(t)
}

func load(t testing.TB, dir string, opts ingest.Options) *sql.DB {
	t.Helper()
	ctx := context.Background()
	db := Fresh(t)
	opts.Paths = []string{dir}
	s, err := ingest.Run(ctx, db.DB, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Rejected != 0 || s.BadFiles != 0 {
		t.Fatalf("%s: %d games and %d files rejected", dir, s.Rejected, s.BadFiles)
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
	return db.DB
}
