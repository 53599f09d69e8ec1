// Package testdb builds the databases tests query: a corpus of logs
// ingested and verified into a fresh in-memory DuckDB.
package testdb

import (
	"context"
	"database/sql"
	"os"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/replay/store"
	"github.com/ginlog/ginlog/schema"
)

// Load ingests (with opts, its Paths set to dir) and verifies the logs in
// dir into a fresh in-memory database, closed when the test ends. It skips
// the test when dir is absent.
func Load(t testing.TB, dir string, opts ingest.Options) *sql.DB {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s absent (%v): run from a checkout with ../shared beside it", dir, err)
	}
	db, err := schema.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	opts.Paths = []string{dir}
	if _, err := ingest.Run(context.Background(), db.DB, opts); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Verify(context.Background(), db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	return db.DB
}
