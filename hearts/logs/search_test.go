package logs

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// scrambledHand plays a hand between random legal players and returns it
// as a log would hold it, each trick's cards in an order drawn from rng,
// every score logged, with the true pos of each logged card.
func scrambledHand(rng *rand.Rand, n int) (Hand, [gin.NumCards]int8) {
	players := make([]hearts.Player, n)
	for i := range players {
		players[i] = randomPlayer{rng}
	}
	deck := hearts.Shuffled(rng)
	rec, err := hearts.PlayHand(&deck, 1, players, [hearts.MaxPlayers]int{})
	if err != nil {
		panic(err)
	}
	var h Hand
	var seats [gin.NumCards]int8
	for t, tr := range rec.Tricks {
		order := rng.Perm(n)
		for k, s := range order {
			h.Cards[t*n+k], seats[t*n+k] = tr.Cards[s], int8(s)
		}
	}
	for s := range n {
		h.Score[s], h.Logged[s] = rec.Points[s], true
	}
	return h, seats
}

type randomPlayer struct{ rng *rand.Rand }

func (p randomPlayer) Play(v *hearts.View) gin.Card {
	cards := v.Legal.Cards()
	return cards[p.rng.IntN(len(cards))]
}

// bySeats reads a hand with the given pos for each logged card.
func bySeats(h *Hand, n int, seats [gin.NumCards]int8) hearts.LogHand {
	lh := hearts.LogHand{Tricks: make([][hearts.MaxPlayers]gin.Card, hearts.TricksPerHand(n)), Logged: h.Logged, Points: h.Score}
	for k, c := range h.Cards {
		lh.Tricks[k/n][seats[k]] = c
	}
	return lh
}

// TestSearchFindsLegalReadings searches scrambled hands: the true reading
// is legal, so every hand has one; the reading the search reconstructs
// obeys the rules and gives the logged scores; the count does not depend
// on the order of the cards within the tricks; a limit caps it exactly;
// and ignoring the scores never finds fewer.
func TestSearchFindsLegalReadings(t *testing.T) {
	for _, n := range []int{2, 4} {
		rng := rand.New(rand.NewPCG(11, uint64(n)))
		var s searcher
		for i := range 25 {
			h, _ := scrambledHand(rng, n)
			exact := s.search(&h, n, true, math.MaxUint64, false, math.MaxInt)
			if exact.count == 0 {
				t.Fatalf("%d players, hand %d: no reading found, but the hand was played legally", n, i)
			}
			lh := bySeats(&h, n, exact.seats)
			if _, vs := hearts.CheckHand(n, &lh); len(vs) > 0 {
				t.Fatalf("%d players, hand %d: the reconstructed reading deviates: %v", n, i, vs)
			}
			if capped := s.search(&h, n, true, 2, false, math.MaxInt); capped.count != min(exact.count, 2) {
				t.Fatalf("limit 2 counted %d, the exact count is %d", capped.count, exact.count)
			}
			if loose := s.search(&h, n, false, math.MaxUint64, false, math.MaxInt); loose.count < exact.count {
				t.Fatalf("without scores %d readings, with them %d", loose.count, exact.count)
			}
			other := h
			for k := 0; k < gin.NumCards; k += n {
				trick := other.Cards[k : k+n]
				rng.Shuffle(n, func(a, b int) { trick[a], trick[b] = trick[b], trick[a] })
			}
			if again := s.search(&other, n, true, math.MaxUint64, false, math.MaxInt); again.count != exact.count {
				t.Fatalf("reordering the tricks changed the count from %d to %d", exact.count, again.count)
			}
		}
	}
}

// TestSearchCountsMoonHand counts the readings of a hand worked out by
// hand: each player holds one suit, the clubs lead every trick and take
// every point. Logged 0,26,26,26, pos 0 must hold the clubs (it shoots the
// moon). Clubs are led each trick and the others discard, so which of pos
// 1-3 played which of D2, S2, H2 in the first trick is free (6 ways); the
// one who played H2 bled, so it holds only point cards and takes the heart
// of every later trick, the other two sharing the diamond and the spade (2
// ways each of 11 tricks), except the queens' trick, where it takes SQ or
// HQ (4 ways). In all 6 * 2^11 * 4 = 49,152.
func TestSearchCountsMoonHand(t *testing.T) {
	ranks := []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
	var h Hand
	for i, r := range ranks {
		for j, suit := range []string{"H", "S", "C", "D"} { // not in play order
			c, err := gin.ParseCard(suit + r)
			if err != nil {
				t.Fatal(err)
			}
			h.Cards[4*i+j] = c
		}
	}
	h.Score, h.Logged = [hearts.MaxPlayers]int{0, 26, 26, 26}, [hearts.MaxPlayers]bool{true, true, true, true}
	var s searcher
	res := s.search(&h, 4, true, math.MaxUint64, true, math.MaxInt)
	if res.count != 49152 {
		t.Errorf("%d readings, want 49152", res.count)
	}
	if res.scores == nil || len(res.scores.v) != 1 {
		t.Errorf("scores %+v, want the logged ones only", res.scores)
	}
	h.Logged[1], h.Logged[2] = false, false
	res = s.search(&h, 4, true, math.MaxUint64, true, math.MaxInt)
	if res.count != 49152 || len(res.scores.v) != 1 {
		t.Errorf("two scores unlogged: %d readings, scores %v; want 49152 and one vector", res.count, res.scores.v)
	}
}
