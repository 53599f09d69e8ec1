package testschema

import (
	"context"
	"testing"

	"github.com/ginlog/ginlog/schema"
)

// TestFreshIsLatestAndEmpty: a fresh database is at the latest version,
// holds no game, and is its own: a write to one is not in the next.
func TestFreshIsLatestAndEmpty(t *testing.T) {
	ctx := context.Background()
	a := Open(t)
	if v, err := a.Version(ctx); err != nil || v != schema.Latest() {
		t.Fatalf("version %d (%v), want %d", v, err, schema.Latest())
	}
	if _, err := a.ExecContext(ctx, "CREATE TABLE scratch (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	b := Open(t)
	var n int
	if err := b.QueryRowContext(ctx, "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'scratch'").Scan(&n); err != nil || n != 0 {
		t.Errorf("the next fresh database has the first one's table (%d, %v)", n, err)
	}
	if err := b.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(&n); err != nil || n != 0 {
		t.Errorf("a fresh database holds %d games (%v)", n, err)
	}
}
