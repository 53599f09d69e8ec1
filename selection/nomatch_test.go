package selection_test

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
	"github.com/ginlog/ginlog/selection"
)

// taggedDB loads the sample games into a fresh in-memory database, one
// import per opponent: meldable's games (ids 1-8, source ladder-week-1),
// simple's (9-16), random's untagged (17-20), and the other player's log
// of game 1 (21, a mirror).
func taggedDB(t *testing.T) *sql.DB {
	t.Helper()
	db := testschema.Open(t)
	dir := t.TempDir()
	for i, imp := range []struct {
		stamps           []int64
		opponent, source string
	}{
		{testlogs.Meldable, "meldable", "ladder-week-1"},
		{testlogs.Simple, "simple", ""},
		{testlogs.Random, "", ""},
	} {
		sub := filepath.Join(dir, fmt.Sprint(i))
		testlogs.Copy(t, sub, imp.stamps...)
		load(t, db.DB, ingest.Options{Paths: []string{sub}, Opponent: imp.opponent, Source: imp.source})
	}
	mirror := filepath.Join(dir, "mirror")
	testlogs.CopyMirror(t, mirror, testlogs.Meldable[0])
	load(t, db.DB, ingest.Options{Paths: []string{mirror}, Opponent: "meldable"})
	return db.DB
}

func load(t *testing.T, db *sql.DB, opts ingest.Options) {
	t.Helper()
	s, err := ingest.Run(context.Background(), db, opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Rejected > 0 || s.BadFiles > 0 {
		t.Fatalf("import of %v: %+v", opts.Paths, s)
	}
}

func TestNoMatchSaysWhy(t *testing.T) {
	db := taggedDB(t)
	for _, tc := range []struct {
		name      string
		f         selection.Filters
		want      string
		wantKnown []string
	}{
		{"opponent typo", selection.Filters{Opponent: "meldabel"},
			"no games match --opponent meldabel (did you mean meldable?); known opponents: meldable, simple", []string{"meldable", "simple"}},
		{"opponent case", selection.Filters{Opponent: "Simple"},
			"no games match --opponent Simple (did you mean simple?); known opponents: simple, meldable", []string{"simple", "meldable"}},
		{"opponent quoted", selection.Filters{Opponent: "bot 7's"},
			`no games match --opponent 'bot 7'\''s'; known opponents: meldable, simple`, []string{"meldable", "simple"}},
		{"source part", selection.Filters{Source: "ladder"},
			"no games match --source ladder (did you mean ladder-week-1?); known sources: ladder-week-1", []string{"ladder-week-1"}},
		{"opponent before source", selection.Filters{Opponent: "x", Source: "y"},
			"no games match --opponent x; known opponents: meldable, simple", []string{"meldable", "simple"}},
		{"since", selection.Filters{Since: 1893456000},
			"no games match --since 2030-01-01; the games were logged from 2023-11-14T22:13:20Z to 2023-11-14T22:16:43Z", nil},
		{"until", selection.Filters{Until: 1600000000},
			"no games match --until 2020-09-13T12:26:40Z; the games were logged from 2023-11-14T22:13:20Z to 2023-11-14T22:16:43Z", nil},
		{"together", selection.Filters{Opponent: "simple", Until: 1700000050},
			"no games match --opponent simple --until 2023-11-14T22:14:10Z; no game matches all of them at once", nil},
		{"game outside the others", selection.Filters{Opponent: "simple", Game: 3},
			"no games match --opponent simple --game-id 3; no game matches all of them at once", nil},
		{"mirror", selection.Filters{Game: 21},
			"no games match --game-id 21; game 21 is the other player's log of game 1, which the queries count instead", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := selection.GameIDs(context.Background(), db, tc.f)
			var ne *selection.NoMatchError
			if !errors.As(err, &ne) || !errors.Is(err, selection.ErrNoGames) {
				t.Fatalf("error %v, want a *NoMatchError wrapping ErrNoGames", err)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n%s\nwant\n%s", err, tc.want)
			}
			if !slices.Equal(ne.Known, tc.wantKnown) {
				t.Errorf("known %q, want %q", ne.Known, tc.wantKnown)
			}
		})
	}
}

func TestNoMatchWithoutTags(t *testing.T) {
	db := testschema.Open(t)
	dir := t.TempDir()
	testlogs.Copy(t, dir, testlogs.Random...)
	load(t, db.DB, ingest.Options{Paths: []string{dir}})
	for _, tc := range []struct {
		f    selection.Filters
		want string
	}{
		{selection.Filters{Opponent: "bot7"}, "no games match --opponent bot7; no game has an opponent tag (set them with ginlog tag)"},
		{selection.Filters{Source: "week 1"}, "no games match --source 'week 1'; no game has a source tag (set them with ginlog tag)"},
	} {
		if _, err := selection.GameIDs(context.Background(), db.DB, tc.f); err == nil || err.Error() != tc.want {
			t.Errorf("error %v, want %s", err, tc.want)
		}
	}
}

// TestNoMatchListsAFew: past eight known values, the message lists the
// eight closest and says how many more ginlog opponents lists.
func TestNoMatchListsAFew(t *testing.T) {
	db := testschema.Open(t)
	dir := t.TempDir()
	all := slices.Concat(testlogs.Meldable, testlogs.Simple)
	for i, s := range all[:12] {
		sub := filepath.Join(dir, fmt.Sprint(i))
		testlogs.Copy(t, sub, s)
		load(t, db.DB, ingest.Options{Paths: []string{sub}, Opponent: fmt.Sprintf("bot%02d", i)})
	}
	_, err := selection.GameIDs(context.Background(), db.DB, selection.Filters{Opponent: "bot11x"})
	want := "no games match --opponent bot11x (did you mean bot11 or bot01 or bot10?); known opponents: bot11, bot01, bot10, bot00, bot02, bot03, bot04, bot05 and 4 more (ginlog opponents lists them)"
	if err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
}

func TestTags(t *testing.T) {
	db := taggedDB(t)
	for _, tc := range []struct {
		tag  selection.Tag
		want string
	}{
		{selection.TagOpponent, "meldable:8 simple:8 -:4"},
		{selection.TagSource, "ladder-week-1:8 -:12"},
	} {
		t.Run(string(tc.tag), func(t *testing.T) {
			values, err := selection.Tags(context.Background(), db, tc.tag)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, v := range values {
				name := v.Value
				if !v.Tagged {
					name = "-"
				}
				got = append(got, fmt.Sprintf("%s:%d", name, v.Games))
				// Wins and times against the raw table, mirrors left out.
				cond := fmt.Sprintf("%s = '%s'", tc.tag, v.Value)
				if !v.Tagged {
					cond = string(tc.tag) + " IS NULL"
				}
				var wins int
				var first, last int64
				q := `SELECT count(*) FILTER (WHERE you_total > opp_total), min(log_ts), max(log_ts) FROM games WHERE mirror_of IS NULL AND ` + cond
				if err := db.QueryRow(q).Scan(&wins, &first, &last); err != nil {
					t.Fatal(err)
				}
				if v.Wins != wins || v.FirstTS != first || v.LastTS != last {
					t.Errorf("%s: wins %d, times %d-%d; the games table says %d, %d-%d", name, v.Wins, v.FirstTS, v.LastTS, wins, first, last)
				}
				rate, lo, hi := v.WinRate()
				if !(lo <= rate && rate <= hi) || rate != float64(v.Wins)/float64(v.Games) {
					t.Errorf("%s: win rate %v (%v-%v)", name, rate, lo, hi)
				}
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("values %s, want %s", s, tc.want)
			}
		})
	}
	empty := testschema.Open(t)
	if _, err := selection.Tags(context.Background(), empty.DB, selection.TagOpponent); !errors.Is(err, selection.ErrNoGames) {
		t.Errorf("an empty database: %v, want ErrNoGames", err)
	}
}
