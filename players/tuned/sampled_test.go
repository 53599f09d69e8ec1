package tuned

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/model"
)

// TestSampledPlaysLegally plays the sampled player, with default weights
// and with fitted ones upgraded to the current version, against every baseline, and
// checks that it is a function of what it sees: the same games played
// twice give the same plays.
func TestSampledPlaysLegally(t *testing.T) {
	playsAlikeTwice(t, 9, func(w *model.Weights) (gin.Player, error) { return NewSampledPlayer(w) })
}

// playsAlikeTwice plays the player newPlayer makes, with default weights
// and with fitted ones upgraded to the current version, against every baseline, each
// game twice from seed, and checks that the plays are legal and the same
// both times.
func playsAlikeTwice(t *testing.T, seed uint64, newPlayer func(*model.Weights) (gin.Player, error)) {
	t.Helper()
	for _, tc := range []struct {
		name string
		w    *model.Weights
	}{
		{"defaults", model.Defaults()},
		{"fitted", upgraded(fixture(t))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.w.Validate(); err != nil {
				t.Fatal(err)
			}
			for bi, name := range bots.Names {
				var digests [2]string
				for run := range digests {
					rng := rand.New(rand.NewPCG(uint64(bi), seed))
					b, err := bots.New(name, rng)
					if err != nil {
						t.Fatal(err)
					}
					p, err := newPlayer(tc.w)
					if err != nil {
						t.Fatal(err)
					}
					players := [2]gin.Player{p, b}
					if bi%2 == 1 {
						players[0], players[1] = players[1], players[0]
					}
					rec, err := gin.PlayGame(gin.RandomDeals(rng), players)
					if err != nil {
						t.Fatalf("against %s: %v", name, err)
					}
					digests[run] = string(playsDigest(&rec))
				}
				if digests[0] != digests[1] {
					t.Errorf("against %s: the same game played twice differs", name)
				}
			}
		})
	}
}

// TestSampledNeedsInference: weights of format version 2 have no
// inference model to sample from.
func TestSampledNeedsInference(t *testing.T) {
	if _, err := NewSampledPlayer(fixture(t)); !errors.Is(err, model.ErrNoInference) {
		t.Errorf("error %v, want model.ErrNoInference", err)
	}
}

// TestSampledKnocksLow: early in the round, the opponent's hand unknown
// (the uniform inference of the defaults), a knock at one point wins
// against nearly every hand it may hold: the sampled player throws the
// card that leaves one point and knocks.
func TestSampledKnocksLow(t *testing.T) {
	p, err := NewSampledPlayer(model.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	// Melds S2-S4, C5-C7 and HJ-HK with the drawn HK; DA and D9 loose.
	v := &gin.View{Seat: 0, Hand: cards(t, "S2 S3 S4 C5 C6 C7 HJ HQ DA D9"), Turn: 4, StockLeft: 25, Top: card(t, "D2"),
		History: []gin.PublicPlay{
			{Seat: 1, Source: gin.StockPile, Top: card(t, "D3"), Discarded: card(t, "D3")},
			{Seat: 0, Source: gin.StockPile, Top: card(t, "D3"), Discarded: card(t, "D4")},
			{Seat: 1, Source: gin.StockPile, Top: card(t, "D4"), Discarded: card(t, "D5")},
			{Seat: 0, Source: gin.StockPile, Top: card(t, "D5"), Discarded: card(t, "D2")},
		}}
	c, call := p.Discard(v, card(t, "HK"))
	if c != card(t, "D9") || call != gin.Knock {
		t.Errorf("discards %v with %v, want D9 with a knock at deadwood 1", c, call)
	}
}
