package tuned

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// TestRolloutPlaysLegally plays the rollout player (its hands drawn from a
// pool weighed by the opponent's history, its rounds valued by the game)
// with default weights and with fitted ones upgraded to the current
// version, against every baseline, and checks that it is a function of
// what it sees: the same games played twice give the same plays.
func TestRolloutPlaysLegally(t *testing.T) {
	cfg := DefaultRolloutConfig
	cfg.Samples, cfg.Pool = 8, 32
	playsAlikeTwice(t, 11, func(w *model.Weights) (gin.Player, error) { return NewRolloutPlayer(w, cfg) })
}

// TestRolloutNeedsInference: weights of format version 2 have no
// inference model to sample from, and a rollout needs at least one deal.
func TestRolloutNeedsInference(t *testing.T) {
	if _, err := NewRolloutPlayer(fixture(t), DefaultRolloutConfig); !errors.Is(err, model.ErrNoInference) {
		t.Errorf("error %v, want model.ErrNoInference", err)
	}
	if _, err := NewRolloutPlayer(model.Defaults(), RolloutConfig{}); err == nil {
		t.Error("no error for zero samples")
	}
}

// TestRolloutVersion3: weights of format version 3 have no round points,
// and their rollout player values rounds by their net points, not by the
// game.
func TestRolloutVersion3(t *testing.T) {
	w := model.Defaults()
	w.Version, w.RoundPoints = 3, nil
	if err := w.Validate(); err != nil {
		t.Fatal(err)
	}
	p, err := NewRolloutPlayer(w, DefaultRolloutConfig)
	if err != nil {
		t.Fatal(err)
	}
	if p.rollout.game != nil {
		t.Error("a version-3 file's rollout player values rounds by the game")
	}
}

// TestPlayOut plays rounds out from fixed deals with the default hand
// policy (the opponent takes the cards that meld and calls as soon as it
// may) and checks their scores by the rules.
func TestPlayOut(t *testing.T) {
	p, err := NewRolloutPlayer(model.Defaults(), DefaultRolloutConfig)
	if err != nil {
		t.Fatal(err)
	}
	hand := func(s string) gin.Hand {
		h, err := gin.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	// The opponent is one card (HJ) from Gin: S2-S5, C5-C7, H9 H10 and DK.
	opp := hand("S2 S3 S4 S5 C5 C6 C7 H9 H10 DK")
	// The player is one card (CQ) from Gin, with SK loose: 10 points.
	mine := hand("D2 D3 D4 H2 H3 H4 C9 C10 CJ SK")
	for _, tc := range []struct {
		name  string
		top   string // the player's discard
		stock string
		want  float64
	}{
		{"the stock is empty: the player's play is scored as a knock", "D9", "", 29 - 10},
		{"the opponent takes the discard for Gin", "HJ", "CA CQ", -(25 + 10)},
		{"the opponent draws Gin from the stock", "D9", "HJ CQ", -(25 + 10)},
		{"the player draws Gin after the opponent's draw (it keeps 20 points)", "D9", "CA CQ D8", 25 + 20},
		{"the opponent draws the last stock card: its play is scored as a knock, undercut", "D9", "CA", 10 + 20 - 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stock []gin.Card
			if tc.stock != "" {
				stock = cards(t, tc.stock)
			}
			d := &rolloutDeal{hand: opp, dw: gin.Deadwood(opp), weight: 1, stock: stock}
			rng := rand.New(rand.NewPCG(1, 2))
			if got := p.playOut(mine, gin.Deadwood(mine), d, card(t, tc.top), false, 10, rng); got != tc.want {
				t.Errorf("playOut = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestTakeRelationWithDeadwood checks takeRelation, which is given the
// hand's deadwood, against TakeRelation on random hands and cards.
func TestTakeRelationWithDeadwood(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var solver gin.Solver
	for range 2000 {
		perm := rng.Perm(gin.NumCards)
		var h gin.Hand
		for _, c := range perm[:gin.HandSize] {
			h = h.Add(gin.Card(c))
		}
		c := gin.Card(perm[gin.HandSize])
		if got, want := takeRelation(&solver, c, h, gin.Deadwood(h)), model.TakeRelation(c, h); got != want {
			t.Fatalf("takeRelation(%v, %v) = %d, want %d", c, h, got, want)
		}
	}
}

// TestPickAndHighest: pick returns a card of the hand, each in turn over
// many draws; highest the card of most points.
func TestPickAndHighest(t *testing.T) {
	h, err := gin.ParseHand("SA D7 HK C10")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var seen gin.Hand
	for range 200 {
		c := pick(h, rng)
		if !h.Has(c) {
			t.Fatalf("pick gave %v, not in %v", c, h)
		}
		seen = seen.Add(c)
	}
	if seen != h {
		t.Errorf("pick gave only %v of %v", seen, h)
	}
	if got := highest(h); got.Points() != 10 || !h.Has(got) {
		t.Errorf("highest(%v) = %v", h, got)
	}
}
