package report

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/sim"
)

// simulate plays games between two players, you the first, and loads
// their logs into a fresh database.
func simulate(t *testing.T, you, opp string, games int, seed uint64) *sql.DB {
	t.Helper()
	var entrants [2]sim.Entrant
	for i, name := range []string{you, opp} {
		e, err := players.NewEntrant(name)
		if err != nil {
			t.Fatal(err)
		}
		entrants[i] = e
	}
	dir := t.TempDir()
	cfg := sim.Config{Players: entrants, Games: games, Seed: seed, Start: 1_600_000_000}
	if err := sim.Run(context.Background(), cfg, func(g *sim.Game) error { return sim.WriteGame(dir, g) }); err != nil {
		t.Fatal(err)
	}
	return testdb.Load(t, dir, ingest.Options{})
}

// TestSimulatedOpponents ranks the tendencies of players whose strategies
// are known. meldable takes every face-up card that pairs or neighbours a
// held card; simple takes only cards that meld and knocks as soon as it
// may; memory waits to knock until its deadwood is under 5 or the stock
// runs low. The list must name what sets the opponent apart from the
// player it met, with the exact rate its strategy gives, and must name
// nothing when both seats play the same strategy.
func TestSimulatedOpponents(t *testing.T) {
	type want struct {
		m      queries.Measure
		higher bool
		rate   float64 // the opponent's rate its strategy fixes, or -1
	}
	for _, tc := range []struct {
		name, you, opp string
		games          int
		seed           uint64
		first          want
		also           []want
	}{
		{"meldable takes cards next to its own", "simple", "meldable", 60, 1,
			want{queries.TakeNear, true, 1}, []want{{queries.DiscardWorse, true, -1}}},
		{"simple knocks as soon as it may", "memory", "simple", 60, 2,
			want{queries.KnockPassed, false, 0}, []want{{queries.TakeMeld, true, 1}, {queries.DiscardWorse, false, 0}}},
		{"memory waits to knock", "simple", "memory", 60, 3,
			want{queries.KnockPassed, true, -1}, []want{{queries.TakeMeld, false, -1}}},
		{"meldable against the tuned player", "tuned:default", "meldable", 30, 4,
			want{queries.TakeNear, true, 1}, nil},
		{"same strategy: simple", "simple", "simple", 60, 5, want{}, nil},
		{"same strategy: meldable", "meldable", "meldable", 60, 6, want{}, nil},
		{"same strategy: memory", "memory", "memory", 60, 7, want{}, nil},
		{"same strategy: random", "random", "random", 60, 8, want{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := simulate(t, tc.you, tc.opp, tc.games, tc.seed)
			listed := buildPage(t, db, Options{Filters: selection.Filters{Who: "opp", MinSample: 10}}).Tendencies.Listed
			for i, l := range listed {
				t.Logf("%d. gap %.3f: %s", i+1, l.Gap, l.Sentence())
			}
			if tc.first.m == "" {
				if len(listed) > 0 {
					t.Errorf("both play %s, yet %d tendencies are listed", tc.you, len(listed))
				}
				return
			}
			if len(listed) == 0 || listed[0].Measure != tc.first.m {
				t.Fatalf("the list does not start with %s", tc.first.m)
			}
			for _, w := range append([]want{tc.first}, tc.also...) {
				i := slices.IndexFunc(listed, func(l tendency) bool { return l.Measure == w.m })
				if i < 0 {
					t.Errorf("%s is not listed", w.m)
					continue
				}
				l := listed[i]
				if l.Higher() != w.higher {
					t.Errorf("%s: higher than yours %v, want %v", w.m, l.Higher(), w.higher)
				}
				if w.rate >= 0 && l.Opp.Value() != w.rate {
					t.Errorf("%s: the opponent's rate is %v (%d of %d), its strategy gives %v", w.m, l.Opp.Value(), l.Opp.Cases, l.Opp.Opportunities, w.rate)
				}
				if !strings.Contains(l.Sentence(), words[w.m].What) || l.Advice() == "" {
					t.Errorf("%s: %q does not say what it measures, or gives no advice", w.m, l.Sentence())
				}
			}
		})
	}
}
