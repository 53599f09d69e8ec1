package hearts

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

func TestCardBasics(t *testing.T) {
	total := 0
	for c := gin.Card(0); c < gin.NumCards; c++ {
		total += Points(c)
		if PointCards.Has(c) != (Points(c) > 0) {
			t.Errorf("PointCards.Has(%v) = %v, Points %d", c, PointCards.Has(c), Points(c))
		}
	}
	if total != MoonPoints || PointsOf(gin.FullDeck) != MoonPoints {
		t.Errorf("the deck scores %d (PointsOf %d), want %d", total, PointsOf(gin.FullDeck), MoonPoints)
	}
	for _, tc := range []struct {
		name     string
		c, best  string
		led      gin.Suit
		wantBeat bool
	}{
		{"ace over king", "HA", "HK", gin.Hearts, true},
		{"two under ace", "C2", "CA", gin.Clubs, false},
		{"ten over nine", "D10", "D9", gin.Diamonds, true},
		{"off suit never", "SA", "C2", gin.Clubs, false},
		{"led suit over off suit", "C2", "SA", gin.Clubs, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := gin.ParseCard(tc.c)
			if err != nil {
				t.Fatal(err)
			}
			best, err := gin.ParseCard(tc.best)
			if err != nil {
				t.Fatal(err)
			}
			if got := Beats(c, best, tc.led); got != tc.wantBeat {
				t.Errorf("Beats(%v, %v, %v) = %v, want %v", c, best, tc.led, got, tc.wantBeat)
			}
		})
	}
	for s := gin.Spades; s <= gin.Hearts; s++ {
		if h := SuitCards(s); h.Len() != 13 || (h&^SuitCards(s)) != 0 || h.Cards()[0].Suit() != s {
			t.Errorf("SuitCards(%v) = %v", s, h)
		}
	}
}

// TestCheckPlayMatchesReference plays hands in which players often break
// the rules and checks that Check reports exactly the plays the reference
// rejects, with the same codes.
func TestCheckPlayMatchesReference(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		legal float64
	}{
		{"four players mostly legal", 4, 0.9},
		{"four players chaotic", 4, 0.3},
		{"two players mostly legal", 2, 0.9},
		{"two players chaotic", 2, 0.3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tc.n*100)+uint64(tc.legal*10)))
			plays := 0
			for range 500 {
				tricks, ref := chaoticHand(rng, tc.n, tc.legal, nil)
				plays += len(ref)
				res := Check(&Log{Players: tc.n, Hands: []LogHand{{Tricks: tricks}}})
				var got []refPlay
				for _, v := range res.Violations {
					if v.Code != CodeUnfinished {
						got = append(got, refPlay{v.Trick, v.Seat, v.Code})
					}
				}
				if !slices.Equal(got, ref) {
					t.Fatalf("Check found %v, the reference %v", got, ref)
				}
				lh := LogHand{Tricks: tricks}
				if hr := Judge(tc.n, &lh); hr.Legal != (len(ref) == 0) || hr.Points != res.Hands[0].Points {
					t.Fatalf("Judge says legal %v, points %v; Check %v, %v", hr.Legal, hr.Points, ref, res.Hands[0].Points)
				}
			}
			if plays == 0 {
				t.Fatal("no illegal play in 500 hands: the test checks nothing")
			}
		})
	}
}

// TestLegalMatchesReference compares Legal, and CheckPlay on every held
// card, with the cards the reference allows, in every situation of many
// hands.
func TestLegalMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	seen := map[string]bool{}
	for i := range 400 {
		n := []int{2, 4}[i%2]
		chaoticHand(rng, n, 0.7, func(sit Situation, want gin.Hand) {
			if got := Legal(sit); got != want {
				t.Fatalf("Legal(%+v) = %v, reference %v", sit, got, want)
			}
			for _, c := range sit.Held.Cards() {
				if (CheckPlay(c, sit) == nil) != want.Has(c) {
					t.Fatalf("CheckPlay(%v, %+v) = %v, reference allows %v", c, sit, CheckPlay(c, sit), want)
				}
			}
			seen[fmt.Sprintf("first=%v leads=%v broken=%v", sit.First, sit.Leads, sit.Broken)] = true
		})
	}
	if len(seen) < 6 {
		t.Errorf("only %d kinds of situation met: %v", len(seen), seen)
	}
}

func TestCodesAndFrameworkNames(t *testing.T) {
	for _, tc := range []struct {
		err             error
		code, framework string
	}{
		{ErrLead, "lead", "LeadError"},
		{ErrBleeding, "bleeding", "BleedError"},
		{ErrBreaking, "breaking", "BrokenError"},
		{&RuleError{Err: ErrRenege}, "renege", "RenegError"},
		{ErrNotHeld, "not-held", "InvalidCardError"},
		{ErrBadDeal, "", ""},
	} {
		t.Run(tc.err.Error(), func(t *testing.T) {
			if got := Code(tc.err); got != tc.code {
				t.Errorf("Code: got %q, want %q", got, tc.code)
			}
			if got := FrameworkName(tc.err); got != tc.framework {
				t.Errorf("FrameworkName: got %q, want %q", got, tc.framework)
			}
		})
	}
}
