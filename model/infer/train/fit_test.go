package train

import (
	"context"
	"errors"
	"iter"
	"math"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model/infer"
)

// TestFitBeatsBaselines fits the model on games against each baseline
// bot and the tuned player (the modelled opponent, with simple as the
// logged player), and checks on other games, held out, that its
// probabilities obey the constraints and that it predicts
// the opponent's hand better than the uniform and than the Bayesian
// filter: the lower bounds of the 95% intervals of its gains, in log loss
// and in Brier score, are above zero. Against the random player, whose
// play says nothing of its hand, the fit must fall back to the uniform:
// no worse than it beyond noise, and better than the filter.
func TestFitBeatsBaselines(t *testing.T) {
	testenv.Long(t, "fits the hand model on hundreds of simulated games per opponent; fewer would not bound its gains")
	tests := []struct {
		opp         string
		train, test int
		informative bool
	}{
		{"simple", 300, 100, true},
		{"meldable", 300, 100, true},
		{"memory", 300, 100, true},
		{"tuned:default", 80, 40, true},
		{"random", 300, 100, false},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.opp, func(t *testing.T) {
			p, sum, err := Fit(ctx, corpus(t, "simple", tc.opp, tc.train, 1), Options{MinSteps: 300})
			if err != nil {
				t.Fatal(err)
			}
			held := collect(t, corpus(t, "simple", tc.opp, tc.test, 2))
			checkConstraints(t, p, held)
			e, err := Evaluate(ctx, p, sliceSeq(held), TargetOpp)
			if err != nil {
				t.Fatal(err)
			}
			s := e.All.Scores
			t.Logf("fit: %d games, %d decisions, %d steps, shrink %.1f; held out: %d games, %d decisions; log loss model %.4f uniform %.4f filter %.4f",
				sum.Games, sum.Decisions, sum.Steps, sum.Shrink, e.Games, e.Decisions, s[Model].LogLoss, s[Uniform].LogLoss, s[Filter].LogLoss)
			for _, b := range []Predictor{Uniform, Filter} {
				g := e.Gains[b]
				t.Logf("gain over %v: log loss %.5f (%.5f to %.5f), Brier %.5f (%.5f to %.5f)", b, g.LogLoss, g.LogLossLow, g.LogLossHigh, g.Brier, g.BrierLow, g.BrierHigh)
				if !tc.informative && b == Uniform {
					if g.LogLossHigh < 0 || g.BrierHigh < 0 {
						t.Errorf("worse than the uniform beyond noise: %+v", g)
					}
					continue
				}
				if g.LogLossLow <= 0 || g.BrierLow <= 0 {
					t.Errorf("not shown better than %v: %+v", b, g)
				}
			}
		})
	}
}

// checkConstraints checks the fitted model's probabilities at every
// decision of games against the opponent's real hand: 1 for its known
// cards, 0 for the cards seen elsewhere, every card it holds above 0, the
// unseen cards' probabilities in [0, 1] and summing to its cards not
// known.
func checkConstraints(t *testing.T, p *infer.Params, games []*replay.Game) {
	t.Helper()
	m, err := infer.NewModel(p)
	if err != nil {
		t.Fatal(err)
	}
	var probs [gin.NumCards]float64
	for _, g := range games {
		err := walk(g, TargetOpp, func(d *decision) {
			d.tracker.Probabilities(m, &probs)
			known, unseen := d.tracker.Known(), d.tracker.Unseen()
			sum := 0.0
			for c := gin.Card(0); c < gin.NumCards; c++ {
				q := probs[c]
				switch {
				case known.Has(c) && (q != 1 || !d.hand.Has(c)):
					t.Fatalf("game %d: known card %v: probability %v, held %v", g.ID, c, q, d.hand.Has(c))
				case !known.Has(c) && !unseen.Has(c) && (q != 0 || d.hand.Has(c)):
					t.Fatalf("game %d: seen card %v: probability %v, held %v", g.ID, c, q, d.hand.Has(c))
				case q < 0 || q > 1 || d.hand.Has(c) && q <= 0:
					t.Fatalf("game %d: card %v: probability %v, held %v", g.ID, c, q, d.hand.Has(c))
				}
				if unseen.Has(c) {
					sum += q
				}
			}
			if want := gin.HandSize - known.Len(); !(math.Abs(sum-float64(want)) <= 1e-9) {
				t.Fatalf("game %d: unseen probabilities sum to %v, want %d", g.ID, sum, want)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestFitDeterministic checks that the fit depends on the games, not on
// the number of workers, nor on whether a small corpus is passed over
// again from the cache or by ranging over the games again.
func TestFitDeterministic(t *testing.T) {
	games := collect(t, corpus(t, "memory", "meldable", 60, 4))
	ctx := context.Background()
	fit := func(opts Options) []float64 {
		t.Helper()
		opts.MinSteps = 20
		p, sum, err := Fit(ctx, sliceSeq(games), opts)
		if err != nil {
			t.Fatal(err)
		}
		if sum.Epochs < 2 {
			t.Fatalf("%d epochs, want several", sum.Epochs)
		}
		return p.Vector()
	}
	want := fit(Options{Workers: 1})
	for _, tc := range []struct {
		name string
		opts Options
	}{{"three workers", Options{Workers: 3}}, {"no cache", Options{Workers: 2, cacheGames: 10}}} {
		got := fit(tc.opts)
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s: weight %d is %v, want %v", tc.name, i, got[i], want[i])
			}
		}
	}
}

// TestFitErrors checks that Fit reports the stream's errors and the
// corpora it cannot learn from.
func TestFitErrors(t *testing.T) {
	games := collect(t, corpus(t, "simple", "simple", 30, 6))
	boom := errors.New("boom")
	passes := 0
	tests := []struct {
		name  string
		games iter.Seq2[*replay.Game, error]
		opts  Options
		want  error
	}{
		{"a stream error", func(yield func(*replay.Game, error) bool) {
			if yield(games[0], nil) {
				yield(nil, boom)
			}
		}, Options{}, boom},
		{"no games", sliceSeq(nil), Options{}, ErrNoDecisions},
		{"an inconsistent game", func(yield func(*replay.Game, error) bool) {
			g := cloneGame(games[1])
			g.Rounds[0].Plays[1].Top = 70
			yield(g, nil)
		}, Options{}, ErrGame},
		{"games that change between passes", func(yield func(*replay.Game, error) bool) {
			passes++
			for _, g := range games[:20+passes] {
				if !yield(g, nil) {
					return
				}
			}
		}, Options{cacheGames: 5, MinSteps: 100}, ErrCorpusChanged},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Fit(context.Background(), tc.games, tc.opts)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Fit(ctx, sliceSeq(games), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled fit: got %v", err)
	}
}
