package tuned

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/model"
)

// fixture reads model/testdata/fitted.json: weights fitted on the sample
// corpus.
func fixture(t testing.TB) *model.Weights { return readWeights(t, "fitted.json") }

// readWeights reads a weights file of model/testdata, the weights
// format's fixtures.
func readWeights(t testing.TB, name string) *model.Weights {
	t.Helper()
	path := filepath.Join("..", "..", "model", "testdata", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w, err := model.Read(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func cards(t testing.TB, s string) []gin.Card {
	t.Helper()
	cs, err := gin.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func card(t testing.TB, s string) gin.Card {
	t.Helper()
	c, err := gin.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestPhase(t *testing.T) {
	for _, tc := range []struct {
		stockLeft, want int
	}{
		{31, 0}, {29, 0}, {28, 1}, {26, 1}, {25, 2}, {23, 2}, {22, 3}, {19, 3}, {18, 4}, {13, 4}, {12, 5}, {0, 5}, {-2, 5}, {40, 0},
	} {
		if got := model.Phase(tc.stockLeft); got != tc.want {
			t.Errorf("Phase(%d) = %d, want %d", tc.stockLeft, got, tc.want)
		}
	}
	want := [model.NumPhases]string{"29-31", "26-28", "23-25", "19-22", "13-18", "0-12"}
	if model.PhaseNames != want {
		t.Errorf("PhaseNames = %v, want %v", model.PhaseNames, want)
	}
}

// TestPlayerPlaysLegally plays the tuned player, with fitted and default
// weights, against every baseline.
func TestPlayerPlaysLegally(t *testing.T) {
	w := fixture(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range bots.Names {
		for g := 0; g < 20; g++ {
			b, err := bots.New(name, rng)
			if err != nil {
				t.Fatal(err)
			}
			players := [2]gin.Player{NewPlayer(w), b}
			if g%2 == 1 {
				players = [2]gin.Player{b, NewPlayer(model.Defaults())}
			}
			if _, err := gin.PlayGame(gin.RandomDeals(rng), players); err != nil {
				t.Fatalf("against %s: %v", name, err)
			}
		}
	}
}

func TestFeedingAvoided(t *testing.T) {
	// The opponent took H5 and H6 from the pile: H7 and H4 would feed its run.
	w := model.Defaults()
	w.DrawModel.Coefficients[0] = -2
	w.DrawModel.Coefficients[slices.Index(model.DrawFeatureNames(), "known_meld")] = 4
	w.DrawModel.OpponentGain = 10
	w.DrawPolicy.StockGain = 4
	p := NewPlayer(w)
	h5, h6, x := card(t, "H5"), card(t, "H6"), card(t, "D2")
	v := &gin.View{Seat: 0, Hand: cards(t, "SA S2 S3 CJ CQ CK D9 H7 S7 C4"), Turn: 6, StockLeft: 20, Top: x, History: []gin.PublicPlay{
		{Seat: 1, Source: gin.DiscardPile, Top: h5, Discarded: x},
		{Seat: 0, Source: gin.StockPile, Top: x, Discarded: x},
		{Seat: 1, Source: gin.DiscardPile, Top: h6, Discarded: x},
	}}
	if d, _ := p.Discard(v, card(t, "DK")); d == card(t, "H7") {
		t.Errorf("discarded H7 into the opponent's H5 H6")
	}
	if f := p.feeding(card(t, "H7"), gin.HandOf(h5, h6), 20); f < 0.5 {
		t.Errorf("feeding risk of H7 %.2f", f)
	}
}

// TestOpponentMayCallFirst: against an opponent that always calls, a hand
// is worth what its call scores against the hand's deadwood.
func TestOpponentMayCallFirst(t *testing.T) {
	w := model.Defaults()
	for ph := range w.Opponent.CallRate {
		w.Opponent.CallRate[ph], w.Opponent.KnockDeadwood[ph] = 1, 6
	}
	p := NewPlayer(w)
	h, err := gin.ParseHand("SA S2 S3 C5 C6 C7 D9 D10 DJ HQ")
	if err != nil {
		t.Fatal(err)
	}
	unknown := gin.FullDeck &^ h
	for _, tc := range []struct {
		dw   int
		want float64
	}{{3, 10 + 3}, {6, 10}, {9, -3}, {30, -24}} {
		if got := p.next(h, tc.dw, unknown, 20); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("next at deadwood %d = %v, want %v", tc.dw, got, tc.want)
		}
	}
}

// BenchmarkDecision times the decisions of the tuned player, of the
// sampled player and of the rollout player (fitted weights upgraded to
// version 3) in real games
// against every baseline, and reports the median and the 99th percentile.
func BenchmarkDecision(b *testing.B) {
	w := fixture(b)
	for _, bc := range []struct {
		name string
		new  func() (*Player, error)
	}{
		{"tuned", func() (*Player, error) { return NewPlayer(w), nil }},
		{"sampled", func() (*Player, error) { return NewSampledPlayer(upgraded(w)) }},
		{"rollout", func() (*Player, error) { return NewRolloutPlayer(upgraded(w), DefaultRolloutConfig) }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var durs []time.Duration
			rng := rand.New(rand.NewPCG(3, 4))
			for i := 0; b.Loop(); i++ {
				p, err := bc.new()
				if err != nil {
					b.Fatal(err)
				}
				opp, err := bots.New(bots.Names[i%len(bots.Names)], rng)
				if err != nil {
					b.Fatal(err)
				}
				timed := &timedPlayer{p: p, durs: &durs}
				if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{timed, opp}); err != nil {
					b.Fatal(err)
				}
			}
			sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
			if len(durs) > 0 {
				b.ReportMetric(float64(durs[len(durs)*99/100].Microseconds()), "p99-µs/decision")
				b.ReportMetric(float64(durs[len(durs)/2].Microseconds()), "p50-µs/decision")
			}
		})
	}
}

type timedPlayer struct {
	p    *Player
	durs *[]time.Duration
}

func (t *timedPlayer) Draw(v *gin.View) gin.Pile {
	s := time.Now()
	defer func() { *t.durs = append(*t.durs, time.Since(s)) }()
	return t.p.Draw(v)
}

func (t *timedPlayer) Discard(v *gin.View, c gin.Card) (gin.Card, gin.Call) {
	s := time.Now()
	defer func() { *t.durs = append(*t.durs, time.Since(s)) }()
	return t.p.Discard(v, c)
}

func (t *timedPlayer) Declare(v *gin.View) []gin.Meld { return t.p.Declare(v) }
