package bench

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/queries"
)

// TestHeartsIngest measures a small Hearts corpus with both engines, in
// this process: both read every row, and ginlog verifies every hand.
func TestHeartsIngest(t *testing.T) {
	c := config(t, "meldable", "memory")
	ctx := context.Background()
	dir, err := c.HeartsCorpus(ctx, 8)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(ids) != len(HeartsPlayers) {
		t.Fatalf("%d player folders (%v), want %d", len(ids), err, len(HeartsPlayers))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.csv"))
	if len(files) != 8*len(HeartsPlayers) {
		t.Errorf("%d files, want %d", len(files), 8*len(HeartsPlayers))
	}
	run := func(ctx context.Context, engine, db, corpus string) (*OneResult, error) {
		return OneHearts(ctx, engine, db, corpus)
	}
	rows, err := c.HeartsIngest(ctx, []int{8}, run)
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	if r.Hands == 0 || r.Plays != 4*r.Hands || r.ReadCSV.Rows != r.Plays || r.Ginlog.CPU <= 0 {
		t.Errorf("row %+v, engines %+v and %+v", r, r.ReadCSV, r.Ginlog)
	}
	if _, err := OneHearts(ctx, "sqlite", filepath.Join(t.TempDir(), "x.duckdb"), dir); err == nil {
		t.Error("an unknown engine ran")
	}
}

func TestHeartsQueries(t *testing.T) {
	c := config(t, "meldable", "memory")
	res, err := c.HeartsQueries(context.Background(), 6)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 6 || res.Hands == 0 || res.Plays != 52*res.Hands || len(res.Queries) != len(queries.ForGame(queries.GameHearts)) {
		t.Fatalf("result %+v", res)
	}
	for _, q := range res.Queries {
		if q.Seconds <= 0 {
			t.Errorf("%s: %v s", q.Name, q.Seconds)
		}
	}
	// The database is kept for the next run, the building one is not.
	if _, err := os.Stat(filepath.Join(c.Work, "hearts-verified-6.duckdb")); err != nil {
		t.Error(err)
	}
	if left, _ := filepath.Glob(filepath.Join(c.Work, ".building-*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}
