package hearts

import (
	"errors"
	"math/rand/v2"
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
