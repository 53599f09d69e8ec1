package organise_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/organise"
	"github.com/ginlog/ginlog/selection"
)

// gameTables returns the tables with a game_id column: every one holds
// rows derived from a game, which Remove must clear.
func gameTables(t *testing.T, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT table_name FROM duckdb_columns() WHERE column_name = 'game_id' AND NOT internal ORDER BY table_name`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		out = append(out, name)
	}
	return out
}

// digest summarises, table by table, the rows of the games kept, and
// counts the rows of the games in gone.
func digest(t *testing.T, db *sql.DB, gone []int64) (kept map[string]string, left map[string]int) {
	t.Helper()
	kept, left = map[string]string{}, map[string]int{}
	for _, table := range append(gameTables(t, db), "imports", "import_errors") {
		var s string
		q := fmt.Sprintf(`SELECT count(*) || ':' || coalesce(sum(hash(x)), 0) FROM %s x`, table)
		if table != "imports" && table != "import_errors" {
			q += ` WHERE game_id IS NULL OR game_id NOT IN (SELECT unnest(CAST($1 AS BIGINT[])))`
			var n int
			if err := db.QueryRow(fmt.Sprintf(`SELECT count(*) FROM %s WHERE game_id IN (SELECT unnest(CAST($1 AS BIGINT[])))`, table), gone).Scan(&n); err != nil {
				t.Fatal(err)
			}
			left[table] = n
			if err := db.QueryRow(q, gone).Scan(&s); err != nil {
				t.Fatal(err)
			}
		} else if err := db.QueryRow(q).Scan(&s); err != nil {
			t.Fatal(err)
		}
		kept[table] = s
	}
	return kept, left
}

// TestRemoveClearsEveryGameTable: the tables with a game_id column are
// exactly those Remove clears. A new table of rows derived from games
// belongs in schema's sql/games/remove.sql, which ingest's replacement of
// a game by its complete version runs too.
func TestRemoveClearsEveryGameTable(t *testing.T) {
	db := sampleDB(t)
	text, err := os.ReadFile(filepath.Join("..", "schema", "sql", "games", "remove.sql"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range regexp.MustCompile(`(?m)^DELETE FROM (\w+) WHERE game_id `).FindAllStringSubmatch(string(text), -1) {
		want = append(want, m[1])
	}
	slices.Sort(want)
	if got := gameTables(t, db); !slices.Equal(got, want) {
		t.Errorf("tables with a game_id column: %v; Remove clears %v: add the new ones to schema/sql/games/remove.sql", got, want)
	}
}

// TestRemoveHearts: removing Hearts games clears their rows from every
// Hearts table and leaves the other games' rows as they were.
func TestRemoveHearts(t *testing.T) {
	ctx := context.Background()
	db := testdb.LoadCorpus(t, testenv.HeartsLogs, ingest.Options{})
	gone := []int64{2, 3, 40}
	before, _ := digest(t, db, gone)
	if r, err := organise.Remove(ctx, db, organise.Selection{Ranges: []organise.Range{{2, 3}, {40, 40}}}, nil); err != nil || !slices.Equal(r.Games, gone) {
		t.Fatalf("removal %+v, %v", r, err)
	}
	after, left := digest(t, db, gone)
	for table, n := range left {
		if n != 0 {
			t.Errorf("%s: %d rows of removed games left", table, n)
		}
	}
	for _, table := range []string{"hearts_hands", "hearts_seats", "game_players"} {
		if _, ok := before[table]; !ok || after[table] != before[table] {
			t.Errorf("%s: the rows kept changed: %s, was %s", table, after[table], before[table])
		}
	}
}

func TestRemove(t *testing.T) {
	for _, tc := range []struct {
		name      string
		sel       organise.Selection
		gone      []int64
		heirs     []organise.Heir
		originals []int64 // the games the queries count afterwards
	}{
		{"some games", organise.Selection{Ranges: []organise.Range{{3, 4}, {17, 17}}}, []int64{3, 4, 17}, nil,
			[]int64{1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20}},
		{"an original: its mirror stands for it", organise.Selection{Ranges: []organise.Range{{1, 1}}}, []int64{1},
			[]organise.Heir{{Game: 21, Gone: 1}}, span(2, 21)},
		{"a mirror", organise.Selection{Ranges: []organise.Range{{21, 21}}}, []int64{21}, nil, span(1, 20)},
		{"both logs of a game", organise.Selection{Ranges: []organise.Range{{1, 1}, {21, 21}}}, []int64{1, 21}, nil, span(2, 20)},
		{"an import", organise.Selection{Imports: []int32{2}}, span(9, 16), nil, append(span(1, 8), span(17, 20)...)},
		{"by opponent", organise.Selection{Filters: selection.Filters{Opponent: "simple"}}, span(9, 16), nil, append(span(1, 8), span(17, 20)...)},
		{"all", organise.Selection{All: true}, span(1, 21), nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := sampleDB(t)
			var rounds, plays int64
			if err := db.QueryRow(`SELECT coalesce(sum(rounds), 0), coalesce(sum(plays), 0) FROM games WHERE game_id IN (SELECT unnest(CAST($1 AS BIGINT[])))`, tc.gone).Scan(&rounds, &plays); err != nil {
				t.Fatal(err)
			}
			before, _ := digest(t, db, tc.gone)
			r, err := organise.Remove(context.Background(), db, tc.sel, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Games, tc.gone) || r.Rounds != rounds || r.Plays != plays || !slices.Equal(r.Heirs, tc.heirs) {
				t.Errorf("removal %+v; want games %v, %d rounds, %d plays, heirs %v", r, tc.gone, rounds, plays, tc.heirs)
			}
			after, left := digest(t, db, tc.gone)
			for table, n := range left {
				if n != 0 {
					t.Errorf("%s: %d rows of removed games left", table, n)
				}
			}
			for table, d := range before {
				if table == "games" && tc.heirs != nil {
					continue // the heir's link changed
				}
				if after[table] != d {
					t.Errorf("%s: the rows kept changed: %s, was %s", table, after[table], d)
				}
			}
			ids, err := selection.GameIDs(context.Background(), db, selection.Filters{})
			if tc.originals == nil {
				if !errors.Is(err, selection.ErrNoGames) {
					t.Errorf("every game removed: the queries say %v, %v", ids, err)
				}
				return
			}
			if err != nil || !slices.Equal(ids, tc.originals) {
				t.Errorf("the queries count %v (%v), want %v", ids, err, tc.originals)
			}
		})
	}
}

// TestRemoveHandsTheLinksToTheHeir: when several games mirror a removed
// one, the first becomes the game counted and the others mirror it.
func TestRemoveHandsTheLinksToTheHeir(t *testing.T) {
	db := sampleDB(t)
	// Ingest never links more than one log to a game: make games 5 and 21
	// both mirror game 1 by hand.
	if _, err := db.Exec(`UPDATE games SET mirror_of = 1 WHERE game_id = 5`); err != nil {
		t.Fatal(err)
	}
	r, err := organise.Remove(context.Background(), db, organise.Selection{Ranges: []organise.Range{{1, 1}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := []organise.Heir{{Game: 5, Gone: 1}}; !slices.Equal(r.Heirs, want) {
		t.Errorf("heirs %v, want %v", r.Heirs, want)
	}
	var links string
	if err := db.QueryRow(`SELECT string_agg(game_id || '>' || mirror_of, ' ' ORDER BY game_id) FROM games WHERE mirror_of IS NOT NULL`).Scan(&links); err != nil {
		t.Fatal(err)
	}
	if links != "21>5" {
		t.Errorf("links after the removal: %s, want 21>5", links)
	}
}

// TestRemoveDeclined: a confirmation that says no removes nothing, and
// sees what would go.
func TestRemoveDeclined(t *testing.T) {
	db := sampleDB(t)
	before, _ := digest(t, db, nil)
	var seen *organise.Removal
	_, err := organise.Remove(context.Background(), db, organise.Selection{Imports: []int32{1}}, func(r *organise.Removal) error {
		seen = r
		return organise.ErrDeclined
	})
	if !errors.Is(err, organise.ErrDeclined) {
		t.Fatalf("error %v, want ErrDeclined", err)
	}
	if seen == nil || !slices.Equal(seen.Games, span(1, 8)) || seen.Heirs[0] != (organise.Heir{Game: 21, Gone: 1}) {
		t.Errorf("the confirmation saw %+v", seen)
	}
	if after, _ := digest(t, db, nil); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("declined, yet the tables changed:\n%v\nwas\n%v", after, before)
	}
}

// TestRemoveThenImportAgain: the logs of a removed game load again as a
// new game, not as a duplicate.
func TestRemoveThenImportAgain(t *testing.T) {
	db := sampleDB(t)
	if _, err := organise.Remove(context.Background(), db, organise.Selection{Ranges: []organise.Range{{9, 10}}}, nil); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	testlogs.Copy(t, dir, testlogs.Simple[:3]...)
	s := load(t, db, ingest.Options{Paths: []string{filepath.Join(dir)}, Opponent: "simple"})
	if s.New != 2 || s.Duplicates != 1 || s.FirstGame != 22 || s.LastGame != 23 {
		t.Errorf("import after the removal: %+v, want games 22 and 23 new and one duplicate", s)
	}
}

// TestRemoveIsAtomic: a statement that fails half-way through the removal
// (here, a table dropped behind its back) leaves every table as it was.
func TestRemoveIsAtomic(t *testing.T) {
	db := sampleDB(t)
	if _, err := db.Exec(`DROP TABLE violations`); err != nil {
		t.Fatal(err)
	}
	before, _ := digest(t, db, nil)
	_, err := organise.Remove(context.Background(), db, organise.Selection{Ranges: []organise.Range{{1, 4}}}, nil)
	if err == nil {
		t.Fatal("the removal succeeded without its violations table")
	}
	if after, _ := digest(t, db, nil); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Errorf("a failed removal changed the tables:\n%v\nwas\n%v", after, before)
	}
}
