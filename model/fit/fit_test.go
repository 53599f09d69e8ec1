package fit

import (
	"bytes"
	"context"
	"errors"
	"iter"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/store"
)

// The corpora the fit is tested on: the bundled sample (20 simulated
// games) and the eight real games.
const (
	sampleLogs = "../../testdata/sample"
	realLogs   = "../../../shared/reallogs"
)

// created is the provenance time of the fits under test.
var created = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// corpus ingests and verifies the logs in dir into a fresh in-memory
// database and returns its games, in order. Both corpora break no rule.
func corpus(t testing.TB, dir string) []*replay.Game {
	t.Helper()
	testenv.Dir(t, dir)
	db := testdb.Load(t, dir, ingest.Options{})
	ctx := context.Background()
	var games []*replay.Game
	for g, err := range store.Games(ctx, db, store.Filter{Clean: true}) {
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// each yields the games in order.
func each(games []*replay.Game) iter.Seq2[*replay.Game, error] {
	return func(yield func(*replay.Game, error) bool) {
		for _, g := range games {
			if !yield(g, nil) {
				return
			}
		}
	}
}

// fitGames fits games with opts, at the time created.
func fitGames(t testing.TB, games []*replay.Game, opts Options) *Result {
	t.Helper()
	opts.CreatedAt = created
	res, err := Fit(context.Background(), each(games), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// quickInference returns opts for a test of what a fit computes besides
// the inference model's weights (the tables, which games it learns from):
// under -short, the edit-test loop, the model trains for 20 steps instead
// of its 2,000 at least, which take most of a fit's time; a plain run and
// CI train it in full.
func quickInference(opts Options) Options {
	if testing.Short() {
		opts.Inference.MinSteps = 20
	}
	return opts
}

func save(t testing.TB, w *model.Weights) string {
	t.Helper()
	var b bytes.Buffer
	if err := w.Save(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestFitSample fits the sample corpus and compares the weights (which
// model/export's tests compile) and their Go and Haskell exports with
// golden files.
func TestFitSample(t *testing.T) {
	res := fitGames(t, corpus(t, sampleLogs), Options{Filters: map[string]string{"source": "sample"}, SchemaVersion: 3})
	w := res.Weights
	if p := w.Provenance; p.Games != 20 || p.Rounds != 129 || p.Plays != 2097 || !p.Fitted || p.Filters["who"] != "opp" || !p.CreatedAt.Equal(created) {
		t.Errorf("provenance %+v", p)
	}
	if k := w.DrawModel.Coefficients[slices.Index(w.DrawModel.Features, "known_meld")]; k <= 0 {
		t.Errorf("known_meld coefficient %v, want positive: a card that completes a known meld is taken far more often", k)
	}
	golden.Check(t, "testdata/sample.json", save(t, w))
	var g, h bytes.Buffer
	if err := export.Go(&g, w, "ginweights"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/sample.go.txt", g.String())
	if err := export.Haskell(&h, w, "GinlogWeights"); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/sample.hs.txt", h.String())
}

// TestFitDeterministic fits the same games twice: the weights
// are the same to the byte (the draw model's counts once summed in map
// order, which changed the coefficients from run to run).
func TestFitDeterministic(t *testing.T) {
	games := corpus(t, sampleLogs)
	for _, who := range []string{"opp", "you", "both"} {
		first := save(t, fitGames(t, games, quickInference(Options{Who: who})).Weights)
		// Each fit trains the inference model: one repeat is enough.
		if again := save(t, fitGames(t, games, quickInference(Options{Who: who})).Weights); again != first {
			t.Fatalf("who %s: two fits of the same games differ", who)
		}
	}
}

// TestDrawModelCalibrated checks the logistic regression's defining
// property: with an (unpenalised) intercept, its mean prediction over the
// samples equals the observed take rate.
func TestDrawModelCalibrated(t *testing.T) {
	games := corpus(t, sampleLogs)
	w := fitGames(t, games, quickInference(Options{})).Weights
	c := newCounts([2]bool{false, true})
	for _, g := range games {
		c.game(g)
	}
	var pred, taken, n float64
	for key, k := range c.draw {
		z := 0.0
		for i, v := range key {
			z += w.DrawModel.Coefficients[i] * float64(v)
		}
		pred += float64(k[1]) / (1 + math.Exp(-z))
		taken += float64(k[0])
		n += float64(k[1])
	}
	if n == 0 || math.Abs(pred/n-taken/n) > 0.002 {
		t.Errorf("mean prediction %.4f, observed take rate %.4f over %v offers", pred/n, taken/n, n)
	}
}

// TestPolicyTrustworthy fits each corpus for each side and checks what a
// bot relies on: Gin is always taken, knocks and hands are never worth more
// at more deadwood, every number is in range.
func TestPolicyTrustworthy(t *testing.T) {
	for _, c := range []struct{ name, dir string }{{"sample", sampleLogs}, {"reallogs", realLogs}} {
		t.Run(c.name, func(t *testing.T) { policyTrustworthy(t, corpus(t, c.dir)) })
	}
}

func policyTrustworthy(t *testing.T, games []*replay.Game) {
	for _, who := range []string{"opp", "you", "both"} {
		t.Run(who, func(t *testing.T) {
			w := fitGames(t, games, quickInference(Options{Who: who})).Weights
			if err := w.Validate(); err != nil {
				t.Error(err)
			}
			if err := w.CheckPolicy(); err != nil {
				t.Error(err)
			}
			for ph := range model.NumPhases {
				if p := w.KnockPolicy.WinProbability[0][ph]; p != 1 || p < w.KnockPolicy.Threshold {
					t.Errorf("phase %d: P(win) of Gin %v", ph, p)
				}
			}
		})
	}
}

// TestFitRealLogs fits the eight real games and compares the weights with
// a golden file (which model/export's tests compile): they are too few for
// the knock policy, and Fit says so.
func TestFitRealLogs(t *testing.T) {
	testenv.Long(t, "fits the real logs in full for a golden file; -short fits the sample's (TestFitSample)")
	res := fitGames(t, corpus(t, realLogs), Options{SchemaVersion: 3})
	golden.Check(t, "testdata/reallogs.json", save(t, res.Weights))
	got := map[string]Support{}
	for _, s := range res.Support {
		got[s.Table] = s
	}
	for _, tc := range []struct {
		table  string
		mostly bool
		games  int
	}{
		{"knock_policy.win_probability", true, 6},
		{"knock_policy.value", true, 6},
		{"keep_values.meld_probability", false, 8},
	} {
		s, ok := got[tc.table]
		if !ok {
			t.Errorf("no support for %s", tc.table)
			continue
		}
		if s.MostlyPrior() != tc.mostly || s.Games != tc.games || s.Samples == 0 {
			t.Errorf("%s: %+v, want mostly prior %v from %d games", tc.table, s, tc.mostly, tc.games)
		}
	}
}

func TestFitErrors(t *testing.T) {
	boom := errors.New("disk on fire")
	failing := func(yield func(*replay.Game, error) bool) { yield(nil, boom) }
	for _, tc := range []struct {
		name  string
		games iter.Seq2[*replay.Game, error]
		opts  Options
		want  string
	}{
		{"no games", each(nil), Options{}, "no games to fit"},
		{"bad who", each(nil), Options{Who: "them"}, `who "them": want opp, you or both`},
		{"bad l2", each(nil), Options{L2: -1}, "l2 -1: want more than 0"},
		{"infinite l2", each(nil), Options{L2: math.Inf(1)}, "l2 +Inf: want more than 0"},
		{"read error", failing, Options{}, "read the games: disk on fire"},
		{"nil game", each([]*replay.Game{nil}), Options{}, "read the games: a nil game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Fit(context.Background(), tc.games, tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
	if _, err := Fit(context.Background(), failing, Options{}); !errors.Is(err, boom) {
		t.Errorf("error %v does not wrap the sequence's", err)
	}
	if _, err := Fit(context.Background(), each(nil), Options{}); !errors.Is(err, ErrNoGames) {
		t.Errorf("error %v, want ErrNoGames", err)
	}
}

// TestFitRoundPoints: every round of the real logs counts once, at the
// points its scorer won, in the list of its side; with both sides modelled
// in both lists.
func TestFitRoundPoints(t *testing.T) {
	games := corpus(t, realLogs)
	var want [2][model.MaxRoundPoints + 1]int // by side: you, opp
	rounds := 0
	for _, g := range games {
		for _, r := range g.Rounds {
			rounds++
			for s, pts := range r.Points {
				if pts > 0 {
					want[s][min(pts, model.MaxRoundPoints)]++
				}
			}
		}
	}
	for _, tc := range []struct {
		who             string
		modelled, other [model.MaxRoundPoints + 1]int
	}{
		{"opp", want[1], want[0]},
		{"you", want[0], want[1]},
		{"both", sum(want[0], want[1]), sum(want[0], want[1])},
	} {
		rp := fitGames(t, games, quickInference(Options{Who: tc.who})).Weights.RoundPoints
		if rp.Modelled != tc.modelled || rp.Other != tc.other {
			t.Errorf("--who %s: modelled %v other %v, want %v and %v", tc.who, rp.Modelled, rp.Other, tc.modelled, tc.other)
		}
		if n := total(rp.Modelled) + total(rp.Other); tc.who != "both" && n != rounds {
			t.Errorf("--who %s: %d rounds counted, want %d", tc.who, n, rounds)
		}
	}
}

func sum(a, b [model.MaxRoundPoints + 1]int) (s [model.MaxRoundPoints + 1]int) {
	for i := range s {
		s[i] = a[i] + b[i]
	}
	return s
}

func total(a [model.MaxRoundPoints + 1]int) (n int) {
	for _, x := range a {
		n += x
	}
	return n
}
