package bench_test

import (
	"context"
	"testing"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/players"
)

// TestReviewCalibration plays each broken player and the player it
// breaks on the same deals, reviews them with few deals a move, and checks
// that the review names each flaw's kind of decision as the top leak and
// prices the flaw, as the games do, as a loss (the same seeds give the
// same games and judgements: the test is deterministic).
func TestReviewCalibration(t *testing.T) {
	testenv.Long(t, "plays and reviews 4 x 24 games")
	names := []string{"simple", "broken:never-knock", "broken:high-discard", "broken:never-take"}
	rows, err := bench.Review(context.Background(), bench.ReviewConfig{
		Players: names, Fixed: "simple", Opponent: "simple",
		Games: 24, Seed: 2627, Deals: 16, Weights: players.DefaultWeights,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(names) {
		t.Fatalf("%d rows, want %d", len(rows), len(names))
	}
	for i, r := range rows {
		if r.Player != names[i] || r.Games != 24 || r.Decisions == 0 || r.Rounds == 0 {
			t.Errorf("row %d: %+v", i, r)
		}
		habit, broken := bench.Habits[r.Player]
		if r.HasHabit != broken {
			t.Errorf("%s: priced %v, want %v", r.Player, r.HasHabit, broken)
		}
		if !broken {
			continue
		}
		if r.TopKind != habit || r.Habit != habit {
			t.Errorf("%s: top leak %q of kind %v, habit %v; want the habit's kind %v", r.Player, r.TopLeak, r.TopKind, r.Habit, habit)
		}
		for _, p := range []bench.Interval{r.Cost, r.Measured} {
			if p.Value <= 0 || p.Lo > p.Value || p.Hi < p.Value {
				t.Errorf("%s: price %+v, want a loss inside its interval", r.Player, p)
			}
		}
		if r.Gap.Value != r.Cost.Value-r.Measured.Value {
			t.Errorf("%s: gap %v, want %v - %v", r.Player, r.Gap.Value, r.Cost.Value, r.Measured.Value)
		}
	}
}
