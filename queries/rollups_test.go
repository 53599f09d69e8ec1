package queries_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/organise"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

// rollupBlock is the block size of the rollup tests: a corpus of a few
// hundred games spans many blocks. mirrored is how many of the first
// batch's games are imported again as their opponent logged them.
const (
	rollupBlock = 16
	mirrored    = 6
)

// rollupBatches are imported in this order: their ids follow each other,
// and their timestamps do not, so that a --since or --until selects
// blocks partly. The last has the tags of the one before: its games join
// that batch's group in the block they share.
var rollupBatches = []testdb.Batch{
	{Opponent: "a", Source: "s1", You: "meldable", Opp: "memory", Games: 90, Start: 1_600_000_000},
	{Opponent: "b", You: "simple", Opp: "meldable", Games: 70, Start: 1_700_000_000},
	{Source: "s1", You: "memory", Opp: "simple", Games: 60, Start: 1_650_000_000},
	{Source: "s1", You: "meldable", Opp: "simple", Games: 50, Start: 1_600_000_200},
}

// rollupCorpus writes the batches' logs, one folder each.
func rollupCorpus(t *testing.T) []string {
	t.Helper()
	return testdb.Simulate(t, 40, rollupBatches...)
}

// mirrorsOf writes into a new folder the first n games of the folder
// dir as their other player logged them (testlogs.Mirror): imported
// after the games they mirror, they are not selectable until a removal
// of those games hands them the mirror link.
func mirrorsOf(t *testing.T, dir string, n int) string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*-score.csv"))
	if err != nil || len(names) < n {
		t.Fatalf("%d score files in %s (%v), want %d", len(names), dir, err, n)
	}
	slices.Sort(names)
	out := t.TempDir()
	for _, scoreName := range names[:n] {
		turnsName := strings.TrimSuffix(scoreName, "-score.csv") + ".csv"
		turns, err := os.ReadFile(turnsName)
		if err != nil {
			t.Fatal(err)
		}
		scores, err := os.ReadFile(scoreName)
		if err != nil {
			t.Fatal(err)
		}
		mt, ms := testlogs.Mirror(turns, scores)
		testlogs.Write(t, out, filepath.Base(turnsName), mt)
		testlogs.Write(t, out, filepath.Base(scoreName), ms)
	}
	return out
}

// loadBatches ingests the first batches' folders in order, then the
// folders of mirrors (with the first batch's tags), and verifies them.
func loadBatches(t *testing.T, dirs []string, mirrors ...string) *sql.DB {
	t.Helper()
	ctx := context.Background()
	db := testdb.Fresh(t)
	for i, dir := range dirs {
		rollupBatches[i].Ingest(t, db.DB, dir)
	}
	for _, dir := range mirrors {
		if s := rollupBatches[0].Ingest(t, db.DB, dir); s.Mirrors == 0 || s.New != 0 {
			t.Fatalf("the mirrors' import: %d new games, %d mirrors", s.New, s.Mirrors)
		}
	}
	if _, err := store.Verify(ctx, db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(ctx, db.DB, 0); err != nil {
		t.Fatal(err)
	}
	return db.DB
}

// outcome runs a named query and gives its rendered rows, or its error.
func outcome(t *testing.T, db *sql.DB, q queries.Query, f selection.Filters) string {
	t.Helper()
	res, err := queries.Run(context.Background(), db, q, f)
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprint(res.Columns, res.Rows)
}

// readers are the typed readers of the statements that read the rollups
// beside the named queries (the report's tendencies and verdicts), each
// rendering its result, or its error, with every float in full.
var readers = map[string]func(db *sql.DB, f selection.Filters) string{
	"tendencies": func(db *sql.DB, f selection.Filters) string {
		m, err := queries.Tendencies(context.Background(), db, f)
		return fmt.Sprintf("%+v %v", m, err)
	},
	"verdicts": func(db *sql.DB, f selection.Filters) string {
		m, err := queries.Verdicts(context.Background(), db, f)
		return fmt.Sprintf("%v %v", m, err)
	},
}

// sameResults checks that every Gin named query and every typed reader
// of readers gives the same result on db, which has rollups, as on raw,
// which has none, under n random filters and the filters that select
// everything. Under -short, the edit-test loop, an eighth of the random
// filters, and when that leaves fewer than two (after a change) only the
// fixed filter of both players' rounds beside them.
func sameResults(t *testing.T, r *rand.Rand, db, raw *sql.DB, n int) {
	t.Helper()
	fs := []selection.Filters{{MinSample: 10}, {Who: "both", MinSample: 10}}
	if testing.Short() {
		if n /= 8; n < 2 {
			fs = fs[1:]
		}
	}
	stamps := column(t, raw, "SELECT log_ts FROM games ORDER BY log_ts")
	games := int64(len(stamps))
	for range n {
		fs = append(fs, testdb.RandomFilters(r, rollupBatches, stamps, games))
	}
	for _, f := range fs {
		for _, q := range queries.ForGame(queries.GameGin) {
			got, want := outcome(t, db, q, f), outcome(t, raw, q, f)
			if got != want {
				t.Errorf("%s %+v:\nwith rollups %s\nraw          %s", q.Name, f, got, want)
			}
		}
		for name, read := range readers {
			if got, want := read(db, f), read(raw, f); got != want {
				t.Errorf("%s %+v:\nwith rollups %s\nraw          %s", name, f, got, want)
			}
		}
	}
}

// column reads the first column of a statement's rows.
func column(t *testing.T, db *sql.DB, stmt string) []int64 {
	t.Helper()
	rows, err := db.Query(stmt)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// refresh builds db's rollups with the tests' block size.
func refresh(t *testing.T, db *sql.DB) {
	t.Helper()
	if err := queries.RefreshRollups(context.Background(), db, rollupBlock); err != nil {
		t.Fatal(err)
	}
}

// TestRollupsMatchRawRows checks the rollups' invariant on a simulated
// corpus of several opponents, sources and timestamps spread over many
// blocks: every named query gives the same rows with the rollups as from
// the raw rows alone, under random filters, right after the rollups are
// built, after each writer that changes what a block holds (tag, rm, a
// verify that replaces a game's results) before the rollups are built
// again, and after they are.
func TestRollupsMatchRawRows(t *testing.T) {
	ctx := context.Background()
	dirs := rollupCorpus(t)
	// The last batch is imported later: its games join the open block at
	// the end, which the rollups must not cover. Before it come mirrors of
	// the first batch's first games, the first ones in a block with
	// selectable games of the third batch.
	mirrors := mirrorsOf(t, dirs[0], mirrored)
	db, raw := loadBatches(t, dirs[:3], mirrors), loadBatches(t, dirs[:3], mirrors)
	r := rand.New(rand.NewPCG(5, 18))

	refresh(t, db)
	groups := scalar(t, db, "SELECT count(*) FROM rollup_groups")
	if total := scalar(t, db, "SELECT count(*) FROM games"); groups < total/rollupBlock-1 {
		t.Fatalf("%d rollup groups over %d games in blocks of %d", groups, total, rollupBlock)
	}
	if n := scalar(t, raw, "SELECT count(*) FROM rollup_groups"); n != 0 {
		t.Fatalf("the raw database has %d rollup groups", n)
	}
	sameResults(t, r, db, raw, 40)

	// both makes a change to both databases (a verify in it keeps the
	// rollups' block size), then compares them before and after the
	// rollups are built again.
	both := func(name string, change func(db *sql.DB) error) {
		for _, x := range []*sql.DB{db, raw} {
			if err := change(x); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if sizes := column(t, db, "SELECT DISTINCT block_games FROM rollup_groups"); !slices.Equal(sizes, []int64{rollupBlock}) {
			t.Fatalf("%s: block sizes %v, want %d", name, sizes, rollupBlock)
		}
		t.Run(name+", rollups not rebuilt", func(t *testing.T) { sameResults(t, r, db, raw, 12) })
		refresh(t, db)
		t.Run(name+", rollups rebuilt", func(t *testing.T) { sameResults(t, r, db, raw, 12) })
	}
	both("ingest", func(x *sql.DB) error {
		rollupBatches[3].Ingest(t, x, dirs[3])
		if _, err := store.Verify(ctx, x, store.Selection{}, nil, nil); err != nil {
			return err
		}
		return queries.RefreshRollups(ctx, x, 0)
	})
	both("tag", func(x *sql.DB) error {
		sel := organise.Selection{Ranges: []organise.Range{{First: 20, Last: 40}, {First: 150, Last: 152}}}
		_, err := organise.Tag(ctx, x, sel, organise.Edits{Opponent: organise.Edit{Set: true, Value: "b"}, Source: organise.Edit{Set: true}})
		return err
	})
	// The mirror of game 1 is the first game after the first three
	// batches; its block holds selectable games and is covered.
	heir := int64(1)
	for _, b := range rollupBatches[:3] {
		heir += int64(b.Games)
	}
	heirBlock := fmt.Sprintf("SELECT count(*) FROM rollup_groups WHERE block = %d", heir-heir%rollupBlock)
	if heir%rollupBlock == 0 || scalar(t, db, heirBlock) == 0 {
		t.Fatalf("game %d, the mirror of game 1, is not in a covered block with selectable games", heir)
	}
	both("rm", func(x *sql.DB) error {
		// Removing game 1 makes its mirror a selectable game: the rollups
		// of the mirror's block are forgotten with those of game 1's.
		sel := organise.Selection{Ranges: []organise.Range{{First: 1, Last: 1}, {First: 33, Last: 35}, {First: 100, Last: 100}}}
		r, err := organise.Remove(ctx, x, sel, nil)
		if err == nil && !slices.Contains(r.Heirs, organise.Heir{Game: heir, Gone: 1}) {
			err = fmt.Errorf("heirs %v, want game %d for game 1", r.Heirs, heir)
		}
		if err == nil && x == db && scalar(t, db, heirBlock) != 0 {
			err = fmt.Errorf("the heir's block is still covered")
		}
		return err
	})
	both("verify again", func(x *sql.DB) error {
		// Give game 70 other features and build its block's rollups from
		// them; verifying it again writes its own back, and must forget
		// those rollups.
		if err := queries.ForgetRollups(ctx, x, []int64{70}); err != nil {
			return err
		}
		if _, err := x.Exec("UPDATE play_features SET from_discard = NOT from_discard WHERE game_id = 70"); err != nil {
			return err
		}
		if x == db {
			refresh(t, db)
		}
		if _, err := store.Verify(ctx, x, store.Selection{Game: 70}, nil, nil); err != nil {
			return err
		}
		return queries.RefreshRollups(ctx, x, 0)
	})
}

// TestRollupsAreRead checks that the queries read the rollups: a count
// changed in a rollup row changes the result of the queries and typed
// readers that read it,
// and a block size change rebuilds every group.
func TestRollupsAreRead(t *testing.T) {
	ctx := context.Background()
	db := loadBatches(t, rollupCorpus(t)[:1])
	refresh(t, db)
	q, err := queries.Get("card-values")
	if err != nil {
		t.Fatal(err)
	}
	f := selection.Filters{Who: "both"}
	before := outcome(t, db, q, f)
	if _, err := db.Exec("UPDATE rollup_cards SET offered = offered + 1"); err != nil {
		t.Fatal(err)
	}
	if after := outcome(t, db, q, f); after == before {
		t.Fatal("card-values is the same after the rollups changed: it does not read them")
	}
	for name, table := range map[string]string{"tendencies": "rollup_tendencies", "verdicts": "rollup_verdicts"} {
		before := readers[name](db, f)
		if _, err := db.Exec("UPDATE " + table + " SET rounds = rounds + 1"); err != nil {
			t.Fatal(err)
		}
		if after := readers[name](db, f); after == before {
			t.Errorf("%s is the same after %s changed: it does not read it", name, table)
		}
	}
	if err := queries.RefreshRollups(ctx, db, rollupBlock*2); err != nil {
		t.Fatal(err)
	}
	if got := outcome(t, db, q, f); got != before {
		t.Errorf("after a rebuild with another block size:\n%s\nwant\n%s", got, before)
	}
	sizes := column(t, db, "SELECT DISTINCT block_games FROM rollup_groups")
	if !slices.Equal(sizes, []int64{rollupBlock * 2}) {
		t.Errorf("block sizes %v after the rebuild, want %d", sizes, rollupBlock*2)
	}
	// A block of 0 keeps the database's size.
	if err := queries.RefreshRollups(ctx, db, 0); err != nil {
		t.Fatal(err)
	}
	if sizes := column(t, db, "SELECT DISTINCT block_games FROM rollup_groups"); !slices.Equal(sizes, []int64{rollupBlock * 2}) {
		t.Errorf("block sizes %v after a refresh with 0, want %d", sizes, rollupBlock*2)
	}
	if err := queries.RefreshRollups(ctx, db, -4); err == nil {
		t.Error("RefreshRollups with a block of -4 games: no error")
	}
}
