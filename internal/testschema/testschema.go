// Package testschema gives tests fresh databases at the latest schema
// version without migrating each one: migrating an empty database runs
// some four hundred statements (every table, type and comment), about a
// tenth of a second, and the tests make hundreds. The first call in a test
// process migrates one database file and keeps its bytes; each fresh
// database after that is a copy of them in the test's own temporary
// folder, opened as any ginlog database is (schema.Open finds it at the
// latest version and leaves it so). The migrations themselves stay tested
// where a test opens an empty path or an older database on purpose.
// GamesDigest and VerdictsDigest sum up what a database holds, for tests
// that compare two.
//
// Test databases run DuckDB on one thread (Limits): go test runs two test
// binaries at once on two cores, and tables of a few hundred games gain
// nothing from a second thread but the cost of handing work between
// them (the -short suite took about a fifth less CPU time).
package testschema

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/schema"
)

// Limits are the limits of a test database: DuckDB's default memory limit
// and one thread.
var Limits = schema.Limits{Threads: 1}

var template = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "ginlog-schema-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.duckdb")
	db, err := schema.OpenWith(context.Background(), path, Limits)
	if err != nil {
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	return os.ReadFile(path)
})

// Path writes a fresh database at the latest schema version into the
// test's temporary folder and returns its path; nothing holds it open.
func Path(t testing.TB) string {
	t.Helper()
	b, err := template()
	if err != nil {
		t.Fatalf("migrating the template database: %v", err)
	}
	path := filepath.Join(t.TempDir(), "fresh.duckdb")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Open opens a fresh database (Path) with Limits, closed when the test
// ends.
func Open(t testing.TB) *schema.DB {
	t.Helper()
	db, err := schema.OpenWith(context.Background(), Path(t), Limits)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Error(err)
		}
	})
	return db
}
