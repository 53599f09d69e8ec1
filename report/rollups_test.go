package report

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

// rollupBlock is the rollups' block size in TestRollupsGiveTheSameData:
// its corpus of a few hundred games spans many blocks.
const rollupBlock = 16

// rollupBatches are imported in this order, so that their ids follow each
// other and their timestamps do not: a --since or --until selects blocks
// in part. The last one is imported after the rollups are built, into the
// open block at the end and the blocks after it.
var rollupBatches = []testdb.Batch{
	{Opponent: "a", Source: "s1", You: "meldable", Opp: "memory", Games: 70, Start: 1_600_000_000},
	{Opponent: "b", You: "simple", Opp: "meldable", Games: 50, Start: 1_700_000_000},
	{Source: "s1", You: "memory", Opp: "simple", Games: 40, Start: 1_650_000_000},
	{Opponent: "b", You: "meldable", Opp: "simple", Games: 30, Start: 1_600_000_200},
}

// TestRollupsGiveTheSameData: the report's data (everything it draws) is
// the same, to the last bit, from a database with rollups as from one
// without, under random filters: with the rollups built, after an import
// into the open block and past it that they do not cover yet (its games
// are read raw), and once they are built again. How every writer forgets
// the rollups it makes stale is checked in package queries, for every
// statement the report reads.
func TestRollupsGiveTheSameData(t *testing.T) {
	ctx := context.Background()
	dirs := testdb.Simulate(t, 70, rollupBatches...)
	db, raw := testdb.Fresh(t).DB, testdb.Fresh(t).DB
	add := func(batch int) {
		for _, x := range []*sql.DB{db, raw} {
			rollupBatches[batch].Ingest(t, x, dirs[batch])
			if _, err := store.Verify(ctx, x, store.Selection{}, nil, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	refresh := func() {
		if err := queries.RefreshRollups(ctx, db, rollupBlock); err != nil {
			t.Fatal(err)
		}
	}
	for batch := range len(rollupBatches) - 1 {
		add(batch)
	}
	refresh()
	var groups int
	if err := db.QueryRow("SELECT count(*) FROM rollup_groups").Scan(&groups); err != nil || groups < 8 {
		t.Fatalf("%d rollup groups (%v), want blocks of %d games covered", groups, err, rollupBlock)
	}
	r := rand.New(rand.NewPCG(30, 5))
	t.Run("built", func(t *testing.T) { sameData(t, r, db, raw, 16) })
	add(len(rollupBatches) - 1)
	t.Run("an import not yet rolled up", func(t *testing.T) { sameData(t, r, db, raw, 8) })
	refresh()
	t.Run("built again", func(t *testing.T) { sameData(t, r, db, raw, 8) })
}

// sameData checks that load gives the same data on db, with rollups, as
// on raw, without, under the filters that select everything and n random
// ones, and that the page of the first is the same.
func sameData(t *testing.T, r *rand.Rand, db, raw *sql.DB, n int) {
	t.Helper()
	var stamps []int64
	rows, err := raw.Query("SELECT log_ts FROM games ORDER BY log_ts")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var ts int64
		if err := rows.Scan(&ts); err != nil {
			t.Fatal(err)
		}
		stamps = append(stamps, ts)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if testing.Short() { // the edit-test loop: one or two random filters each time
		n = max(1, n/8)
	}
	fs := []selection.Filters{{Who: "opp", MinSample: 10}}
	for range n {
		fs = append(fs, testdb.RandomFilters(r, rollupBatches, stamps, int64(len(stamps))))
	}
	for i, f := range fs {
		o := Options{Filters: f, Game: f.Game, Recent: 1 + r.IntN(3)}
		got, gotErr := load(context.Background(), db, o)
		want, wantErr := load(context.Background(), raw, o)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Errorf("%+v: error %v with rollups, %v without", f, gotErr, wantErr)
			continue
		}
		if gotErr == nil {
			a, b := parts(got), parts(want)
			for name := range a {
				if a[name] != b[name] {
					t.Errorf("%+v: %s\nwith rollups %s\nwithout      %s", f, name, a[name], b[name])
				}
			}
		}
		if i == 0 {
			if a, b := buildPage(t, db, o).Text(), buildPage(t, raw, o).Text(); a != b {
				t.Errorf("the page differs with rollups:\n%s\nwithout:\n%s", a, b)
			}
		}
	}
}

// parts renders each part of the report's data, the pointers followed,
// with every float in full (the shortest text that reads back as the same
// float), so that equal texts are equal data, NaN included.
func parts(d *data) map[string]string {
	p := map[string]any{"summary": d.summary, "measures": d.measures, "cards": d.cards, "loss": d.loss,
		"verdicts": d.verdicts, "scores": d.scores}
	for seat, s := range d.sides {
		p[fmt.Sprintf("draws %d", seat)], p[fmt.Sprintf("knocks %d", seat)] = *s.draws, *s.knocks
	}
	out := make(map[string]string, len(p))
	for name, v := range p {
		out[name] = fmt.Sprintf("%+v", v)
	}
	return out
}
