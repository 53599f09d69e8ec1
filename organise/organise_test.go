package organise_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/organise"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

// sampleDB loads the sample games into a fresh database and verifies
// them: import 1, meldable's games (ids 1-8, source ladder); import 2,
// simple's (9-16); import 3, random's untagged (17-20); import 4, the
// other player's log of game 1 (21, its mirror) and games 1 and 2 again
// (duplicates).
func sampleDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := schema.Open(context.Background(), filepath.Join(t.TempDir(), "g.duckdb"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	dir := t.TempDir()
	for i, imp := range []struct {
		stamps           []int64
		opponent, source string
	}{
		{testlogs.Meldable, "meldable", "ladder"},
		{testlogs.Simple, "simple", ""},
		{testlogs.Random, "", ""},
	} {
		sub := filepath.Join(dir, fmt.Sprint(i))
		testlogs.Copy(t, sub, imp.stamps...)
		load(t, db.DB, ingest.Options{Paths: []string{sub}, Opponent: imp.opponent, Source: imp.source})
	}
	again := filepath.Join(dir, "again")
	testlogs.CopyMirror(t, filepath.Join(again, "mirror"), testlogs.Meldable[0])
	testlogs.Copy(t, again, testlogs.Meldable[:2]...)
	load(t, db.DB, ingest.Options{Paths: []string{again}, Opponent: "meldable"})
	if _, err := store.Verify(context.Background(), db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(context.Background(), db.DB, 0); err != nil {
		t.Fatal(err)
	}
	return db.DB
}

func load(t *testing.T, db *sql.DB, opts ingest.Options) *ingest.Summary {
	t.Helper()
	s, err := ingest.Run(context.Background(), db, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Rejected > 0 || s.BadFiles > 0 {
		t.Fatalf("import of %v: %+v", opts.Paths, s)
	}
	return s
}

func TestParseRange(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    organise.Range
		wantErr string
	}{
		{"12", organise.Range{12, 12}, ""},
		{"12-20", organise.Range{12, 20}, ""},
		{"3-3", organise.Range{3, 3}, ""},
		{"0", organise.Range{}, `bad game id or range "0": game ids start at 1`},
		{"-4", organise.Range{}, `bad game id or range "-4": want a game id (12) or a range (12-20)`},
		{"20-12", organise.Range{}, `bad game id or range "20-12": the range ends before it starts`},
		{"1-", organise.Range{}, `bad game id or range "1-": want a game id (12) or a range (12-20)`},
		{"a-b", organise.Range{}, `bad game id or range "a-b": want a game id (12) or a range (12-20)`},
		{"1-2-3", organise.Range{}, `bad game id or range "1-2-3": want a game id (12) or a range (12-20)`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := organise.ParseRange(tc.in)
			if tc.wantErr != "" {
				if !errors.Is(err, organise.ErrBadRange) || err.Error() != tc.wantErr {
					t.Errorf("error %v, want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

func TestRanges(t *testing.T) {
	for _, tc := range []struct {
		ids  []int64
		want string
	}{
		{nil, ""},
		{[]int64{4}, "4"},
		{[]int64{1, 2, 3, 5, 7, 8}, "1-3 5 7-8"},
	} {
		var got []string
		for _, r := range organise.Ranges(tc.ids) {
			got = append(got, r.String())
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("Ranges(%v) = %s, want %s", tc.ids, s, tc.want)
		}
	}
}

// tagsOf reads the opponent and source of every game, as id:opponent/source.
func tagsOf(t *testing.T, db *sql.DB) map[int64]string {
	t.Helper()
	rows, err := db.Query(`SELECT game_id, coalesce(opponent, '-'), coalesce(source, '-') FROM games`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var o, s string
		if err := rows.Scan(&id, &o, &s); err != nil {
			t.Fatal(err)
		}
		out[id] = o + "/" + s
	}
	return out
}

func span(first, last int64) []int64 {
	var out []int64
	for id := first; id <= last; id++ {
		out = append(out, id)
	}
	return out
}

func TestTagSelects(t *testing.T) {
	set := organise.Edits{Opponent: organise.Edit{Set: true, Value: "bot7"}}
	for _, tc := range []struct {
		name string
		sel  organise.Selection
		want []int64
	}{
		{"one id", organise.Selection{Ranges: []organise.Range{{3, 3}}}, []int64{3}},
		{"ranges", organise.Selection{Ranges: []organise.Range{{2, 4}, {18, 30}}}, []int64{2, 3, 4, 18, 19, 20, 21}},
		{"--game", organise.Selection{Filters: selection.Filters{Game: 9}}, []int64{9}},
		{"import", organise.Selection{Imports: []int32{2}}, span(9, 16)},
		{"import with its duplicates and mirror", organise.Selection{Imports: []int32{4}}, []int64{1, 2, 21}},
		{"two imports", organise.Selection{Imports: []int32{3, 4}}, []int64{1, 2, 17, 18, 19, 20, 21}},
		{"opponent, mirror included", organise.Selection{Filters: selection.Filters{Opponent: "meldable"}}, append(span(1, 8), 21)},
		{"source", organise.Selection{Filters: selection.Filters{Source: "ladder"}}, span(1, 8)},
		{"since", organise.Selection{Filters: selection.Filters{Since: 1700000200}}, span(17, 20)},
		{"until", organise.Selection{Filters: selection.Filters{Until: 1700000002}}, []int64{1, 2, 21}},
		{"range and import narrow each other", organise.Selection{Ranges: []organise.Range{{1, 10}}, Imports: []int32{2}}, []int64{9, 10}},
		{"all", organise.Selection{All: true}, span(1, 21)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := sampleDB(t)
			before := tagsOf(t, db)
			res, err := organise.Tag(context.Background(), db, tc.sel, set)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Games, tc.want) {
				t.Errorf("selected %v, want %v", res.Games, tc.want)
			}
			after := tagsOf(t, db)
			for id, was := range before {
				want := was
				if slices.Contains(tc.want, id) {
					_, source, _ := strings.Cut(was, "/")
					want = "bot7/" + source
				}
				if after[id] != want {
					t.Errorf("game %d: %s, want %s", id, after[id], want)
				}
			}
		})
	}
}

func TestTagEdits(t *testing.T) {
	db := sampleDB(t)
	sel := organise.Selection{Ranges: []organise.Range{{7, 10}}}
	res, err := organise.Tag(context.Background(), db, sel, organise.Edits{
		Opponent: organise.Edit{Set: true, Value: "bot 7"}, Source: organise.Edit{Set: true}})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(res.Before[selection.TagOpponent], res.Before[selection.TagSource])
	if want := "[{meldable true 2} {simple true 2}] [{ladder true 2} { false 2}]"; got != want {
		t.Errorf("before: %s, want %s", got, want)
	}
	tags := tagsOf(t, db)
	for id, want := range map[int64]string{6: "meldable/ladder", 7: "bot 7/-", 10: "bot 7/-", 11: "simple/-"} {
		if tags[id] != want {
			t.Errorf("game %d: %s, want %s", id, tags[id], want)
		}
	}
	// The queries see the new tags.
	ids, err := selection.GameIDs(context.Background(), db, selection.Filters{Opponent: "bot 7"})
	if err != nil || !slices.Equal(ids, []int64{7, 8, 9, 10}) {
		t.Errorf("games tagged bot 7: %v, %v", ids, err)
	}
	if _, err := organise.Tag(context.Background(), db, sel, organise.Edits{}); !errors.Is(err, organise.ErrNoEdit) {
		t.Errorf("no edit: %v", err)
	}
	for _, bad := range []string{"caf\xe9", "bot\t7", strings.Repeat("/", 100)} {
		if _, err := organise.Tag(context.Background(), db, sel, organise.Edits{Source: organise.Edit{Set: true, Value: bad}}); !errors.Is(err, organise.ErrBadLabel) {
			t.Errorf("the tag %q: %v, want it refused", bad, err)
		}
	}
	if ids, err := selection.GameIDs(context.Background(), db, selection.Filters{Source: "bot\t7"}); err == nil && len(ids) > 0 {
		t.Errorf("a refused tag was set on %v", ids)
	}
}

func TestNoneSelected(t *testing.T) {
	db := sampleDB(t)
	set := organise.Edits{Source: organise.Edit{Set: true, Value: "x"}}
	for _, tc := range []struct {
		name string
		sel  organise.Selection
		want string
		is   error
	}{
		{"nothing named", organise.Selection{}, organise.ErrNoSelection.Error(), organise.ErrNoSelection},
		{"ids past the end", organise.Selection{Ranges: []organise.Range{{30, 40}}},
			"no games match 30-40; the database holds games 1 to 21, from imports 1 to 4", selection.ErrNoGames},
		{"no such import", organise.Selection{Imports: []int32{9}},
			"no games match --import 9; the database holds games 1 to 21, from imports 1 to 4", selection.ErrNoGames},
		{"opponent typo", organise.Selection{Filters: selection.Filters{Opponent: "simpel"}},
			"no games match --opponent simpel (did you mean simple?); known opponents: simple, meldable", selection.ErrNoGames},
		{"ids outside the filters", organise.Selection{Ranges: []organise.Range{{1, 3}}, Filters: selection.Filters{Opponent: "simple"}},
			"no games match 1-3 --opponent simple; the database holds games 1 to 21, from imports 1 to 4", selection.ErrNoGames},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := organise.Tag(context.Background(), db, tc.sel, set)
			if !errors.Is(err, tc.is) || err.Error() != tc.want {
				t.Errorf("tag: %v, want %s", err, tc.want)
			}
			_, err = organise.Remove(context.Background(), db, tc.sel, nil)
			if !errors.Is(err, tc.is) || err.Error() != tc.want {
				t.Errorf("remove: %v, want %s", err, tc.want)
			}
		})
	}
	empty := testschema.Open(t)
	_, err := organise.Remove(context.Background(), empty.DB, organise.Selection{All: true}, nil)
	if !errors.Is(err, selection.ErrNoGames) || err.Error() != "no games match the filters: the database holds none (run ginlog ingest)" {
		t.Errorf("an empty database: %v", err)
	}
}

// FuzzParseRange: reading a range never panics, and a range read back
// from its String is itself.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"12", "12-20", "0", "-3", "9-3", "1-2-3", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := organise.ParseRange(s)
		if err != nil {
			if !errors.Is(err, organise.ErrBadRange) {
				t.Fatalf("%q: error %v does not wrap ErrBadRange", s, err)
			}
			return
		}
		if r.First < 1 || r.Last < r.First {
			t.Fatalf("%q: %+v", s, r)
		}
		if back, err := organise.ParseRange(r.String()); err != nil || back != r {
			t.Fatalf("%q: %v reads back as %v, %v", s, r, back, err)
		}
	})
}
