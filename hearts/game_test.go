package hearts

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// randomLegal plays a uniformly random legal card.
type randomLegal struct{ rng *rand.Rand }

func (p randomLegal) Play(v *View) gin.Card {
	cards := v.Legal.Cards()
	return cards[p.rng.IntN(len(cards))]
}

// lowest plays its lowest card, legal or not.
type lowest struct{}

func (lowest) Play(v *View) gin.Card { return v.Held.Cards()[0] }

func randomPlayers(rng *rand.Rand, n int) []Player {
	ps := make([]Player, n)
	for i := range ps {
		ps[i] = randomLegal{rng}
	}
	return ps
}

// TestPlayedGamesVerify plays whole games between random legal players and
// checks that Check finds nothing wrong in them and agrees with the
// engine's scores and end.
func TestPlayedGamesVerify(t *testing.T) {
	for _, tc := range []struct {
		name  string
		n     int
		limit int
	}{
		{"four players", 4, 100},
		{"two players", 2, 100},
		{"four players to 300", 4, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(tc.n)))
			moons := 0
			for range 40 {
				g, err := PlayGame(RandomDeals(rng), randomPlayers(rng, tc.n), tc.limit)
				if err != nil {
					t.Fatal(err)
				}
				lg := g.Log()
				res := Check(&lg)
				if !res.Verified() || res.Totals != g.Totals {
					t.Fatalf("violations %v, totals %v; engine totals %v", res.Violations, res.Totals, g.Totals)
				}
				for i, h := range g.Hands {
					hr := res.Hands[i]
					if hr.Taken != h.Taken || hr.Points != h.Points || hr.Moon != h.Moon || hr.Leader != h.Tricks[0].Leader {
						t.Fatalf("hand %d: Check %+v, engine %+v", i+1, hr, h)
					}
					if h.Moon >= 0 {
						moons++
					}
				}
			}
			if tc.n == 2 && moons == 0 {
				t.Error("no moon in 40 two-player games: the moon rule went untested")
			}
		})
	}
}

func TestPlayGameErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	if _, err := PlayGame(RandomDeals(rng), randomPlayers(rng, 3), 100); !errors.Is(err, ErrBadDeal) {
		t.Errorf("three players: %v, want ErrBadDeal", err)
	}
	if _, err := PlayGame(RandomDeals(rng), randomPlayers(rng, 4), 0); err == nil {
		t.Error("limit 0 accepted")
	}
	players := randomPlayers(rng, 4)
	players[1] = lowest{}
	_, err := PlayGame(RandomDeals(rng), players, 100)
	var re *RuleError
	if !errors.As(err, &re) || re.Seat != 1 {
		t.Fatalf("a player of illegal cards: %v, want a *RuleError for seat 1", err)
	}
}

func TestNewHandRejectsBadDeals(t *testing.T) {
	full := Deal(&Deck{}, 4) // every card is SA: not a deal
	for _, tc := range []struct {
		name  string
		hands []gin.Hand
	}{
		{"three hands", []gin.Hand{1, 2, 4}},
		{"overlapping", full[:4]},
		{"short", []gin.Hand{gin.HandOf(TwoOfClubs), 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewHand(tc.hands); !errors.Is(err, ErrBadDeal) {
				t.Errorf("NewHand = %v, want ErrBadDeal", err)
			}
		})
	}
}

// TestClone: a clone plays on to the end of the hand and the original
// stays as it was, after any number of plays, in either size of game.
func TestClone(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		plays   int
	}{
		{"four, fresh", 4, 0}, {"four, mid-trick", 4, 6}, {"four, late", 4, 45}, {"two, mid-hand", 2, 27},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, uint64(tc.plays)))
			deck := Shuffled(rng)
			dealt := Deal(&deck, tc.players)
			h, err := NewHand(dealt[:tc.players])
			if err != nil {
				t.Fatal(err)
			}
			p := randomLegal{rng}
			for range tc.plays {
				v := h.View(1, [MaxPlayers]int{})
				if err := h.Play(p.Play(&v)); err != nil {
					t.Fatal(err)
				}
			}
			before := h.View(1, [MaxPlayers]int{})
			tricks := len(h.Tricks())
			c := h.Clone()
			for !c.Done() {
				v := c.View(1, [MaxPlayers]int{})
				if err := c.Play(p.Play(&v)); err != nil {
					t.Fatal(err)
				}
			}
			after := h.View(1, [MaxPlayers]int{})
			if len(h.Tricks()) != tricks || after.Held != before.Held || after.Played != before.Played || after.Taken != before.Taken || len(after.Trick) != len(before.Trick) {
				t.Errorf("the original changed: %+v, was %+v", after, before)
			}
			done := slices.Clone(c.Tricks())
			for !h.Done() {
				v := h.View(1, [MaxPlayers]int{})
				if err := h.Play(lowestLegal(&v)); err != nil {
					t.Fatal(err)
				}
			}
			if !slices.Equal(c.Tricks(), done) {
				t.Error("the original playing on changed the clone's tricks")
			}
		})
	}
}

// lowestLegal plays the first legal card in deck order.
func lowestLegal(v *View) gin.Card { return v.Legal.Cards()[0] }
