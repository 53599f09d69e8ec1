package queries_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

// verifyViews matches the views of the preludes over what verify stores:
// the Gin plays' features and round checks (raw, selected or rolled up),
// and every Hearts view but sel_games.
var verifyViews = map[string]*regexp.Regexp{
	queries.GameGin:    regexp.MustCompile(`\b(raw_features|raw_checks|sel_features|sel_checks|roll_cards|roll_plays|roll_calls)\b`),
	queries.GameHearts: regexp.MustCompile(`\bsel_(checks|hands|seats|cards|plays|deviations)\b`),
}

// TestReadsVerify: a named query reads verify's results exactly when its
// statement reads a view over them.
func TestReadsVerify(t *testing.T) {
	for _, q := range queries.All() {
		if got, want := q.ReadsVerify(), verifyViews[q.Game].MatchString(q.SQL); got != want {
			t.Errorf("%s: ReadsVerify %v, but its statement reading verify's views is %v", q.Name, got, want)
		}
	}
}

// TestUnverified counts the selected games not verified, under filters,
// as games lose their verification.
func TestUnverified(t *testing.T) {
	db := testdb.LoadCorpus(t, testenv.Sample, ingest.Options{})
	ctx := context.Background()
	count := func(game string, f selection.Filters) [2]int {
		t.Helper()
		n, of, err := queries.Unverified(ctx, db, game, f)
		if err != nil {
			t.Fatal(err)
		}
		return [2]int{n, of}
	}
	all := count(queries.GameGin, selection.Filters{})
	if all[0] != 0 || all[1] == 0 {
		t.Fatalf("verified sample: %d of %d not verified, want 0 of every game", all[0], all[1])
	}
	if _, err := db.Exec(`DELETE FROM game_checks WHERE game_id IN (2, 3, 5)`); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		game string
		f    selection.Filters
		want [2]int
	}{
		{"every game", queries.GameGin, selection.Filters{}, [2]int{3, all[1]}},
		{"one not verified", queries.GameGin, selection.Filters{Game: 3}, [2]int{1, 1}},
		{"one verified", queries.GameGin, selection.Filters{Game: 4}, [2]int{0, 1}},
		{"who changes nothing", queries.GameGin, selection.Filters{Who: "you"}, [2]int{3, all[1]}},
		{"none selected", queries.GameGin, selection.Filters{Opponent: "nobody"}, [2]int{0, 0}},
		{"no Hearts game", queries.GameHearts, selection.Filters{}, [2]int{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := count(tc.game, tc.f); got != tc.want {
				t.Errorf("not verified, selected: got %v, want %v", got, tc.want)
			}
		})
	}
}
