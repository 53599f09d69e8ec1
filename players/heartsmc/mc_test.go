package heartsmc

import (
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
)

// midHand deals a four-player hand from seed and plays its first plays
// cards with bots.Voids, returning the hand in play and the view of the
// seat to move.
func midHand(t *testing.T, seed uint64, plays int) (*hearts.HandState, hearts.View) {
	t.Helper()
	deck := hearts.Shuffled(rand.New(rand.NewPCG(seed, 0)))
	dealt := hearts.Deal(&deck, 4)
	h, err := hearts.NewHand(dealt[:4])
	if err != nil {
		t.Fatal(err)
	}
	for range plays {
		v := h.View(1, [hearts.MaxPlayers]int{})
		if err := h.Play(bots.Voids{}.Play(&v)); err != nil {
			t.Fatal(err)
		}
	}
	return h, h.View(1, [hearts.MaxPlayers]int{})
}

func TestNeeds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plays int
		want  [hearts.MaxPlayers]int // by offset from the seat to move
	}{
		{"leading the first trick", 0, [4]int{0, 13, 13, 13}},
		{"third to the first trick", 2, [4]int{0, 13, 12, 12}},
		{"last to the fifth trick", 19, [4]int{0, 8, 8, 8}},
		{"second to the last trick", 49, [4]int{0, 1, 1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, v := midHand(t, 3, tc.plays)
			got := Needs(&v)
			for i := range 4 {
				s := (v.Seat + i) % 4
				if got[s] != tc.want[i] {
					t.Errorf("seat %d (+%d) needs %d, want %d", s, i, got[s], tc.want[i])
				}
				if i > 0 && got[s] != h.Held(s).Len() {
					t.Errorf("seat %d needs %d but holds %d", s, got[s], h.Held(s).Len())
				}
			}
		})
	}
}

// TestDeal: every deal gives out exactly the unseen cards, each seat its
// needs and no card of a suit it is void in, at every point of many hands.
func TestDeal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for seed := range uint64(20) {
		for plays := 0; plays < 52; plays += 3 {
			_, v := midHand(t, seed, plays)
			hands, need, void := Deal(&v, rng), Needs(&v), bots.VoidsOf(&v)
			var all gin.Hand
			for s := range 4 {
				if all&hands[s] != 0 || hands[s].Len() != need[s] {
					t.Fatalf("seed %d, play %d: seat %d dealt %v, needs %d", seed, plays, s, hands[s], need[s])
				}
				all |= hands[s]
				for suit := range gin.Suit(gin.NumSuits) {
					if void[s][suit] && hands[s]&hearts.SuitCards(suit) != 0 {
						t.Errorf("seed %d, play %d: seat %d dealt %v, void in %v", seed, plays, s, hands[s], suit)
					}
				}
			}
			if all != Unseen(&v) {
				t.Errorf("seed %d, play %d: dealt %v, unseen %v", seed, plays, all, Unseen(&v))
			}
		}
	}
}

// TestResume: given the true hands, Resume rebuilds the very hand in play.
func TestResume(t *testing.T) {
	for _, plays := range []int{0, 1, 4, 7, 26, 51} {
		h, v := midHand(t, 5, plays)
		var others [hearts.MaxPlayers]gin.Hand
		for s := range 4 {
			others[s] = h.Held(s)
		}
		got, err := Resume(&v, others)
		if err != nil {
			t.Fatalf("play %d: %v", plays, err)
		}
		w := got.View(1, [hearts.MaxPlayers]int{})
		if w.Seat != v.Seat || w.Legal != v.Legal || w.Played != v.Played || w.Taken != v.Taken || len(w.Trick) != len(v.Trick) {
			t.Errorf("play %d: resumed view %+v, want %+v", plays, w, v)
		}
	}
}

func TestPlay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seed  uint64
		plays int
	}{
		{"first lead", 2, 0},
		{"mid-trick", 2, 6},
		{"late", 4, 41},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, v := midHand(t, tc.seed, tc.plays)
			a := New().Play(&v)
			b := New().Play(&v)
			if !v.Legal.Has(a) || a != b {
				t.Errorf("played %v and %v from %v: want the same legal card", a, b, v.Legal)
			}
		})
	}
}

// TestSeatsDoNotMatter: the same view with its seats numbered from
// another one (the framework's player ids are not the simulator's seats)
// gets the same card, at every point of a few hands.
func TestSeatsDoNotMatter(t *testing.T) {
	for seed := range uint64(3) {
		for plays := 1; plays < 52; plays += 3 {
			_, v := midHand(t, seed, plays)
			for shift := 1; shift < 4; shift++ {
				w := renumber(v, shift)
				if a, b := New().Play(&v), New().Play(&w); a != b {
					t.Errorf("seed %d, play %d, seats +%d: played %v, then %v", seed, plays, shift, a, b)
				}
			}
		}
	}
}

// renumber returns v with seat s renumbered (s+shift) mod the players.
func renumber(v hearts.View, shift int) hearts.View {
	n := v.Players
	at := func(s int) int { return (s + shift) % n }
	w := v
	w.Seat, w.Leader = at(v.Seat), at(v.Leader)
	w.Tricks = make([]hearts.Trick, len(v.Tricks))
	for i, t := range v.Tricks {
		w.Tricks[i].Leader = at(t.Leader)
		for s := range n {
			w.Tricks[i].Cards[at(s)] = t.Cards[s]
		}
	}
	for s := range n {
		w.Taken[at(s)], w.Totals[at(s)] = v.Taken[s], v.Totals[s]
	}
	return w
}

// TestDucksTheQueen: last to a trick holding the queen of spades, with a
// card that does not take it, it never takes it (in every such spot of
// many hands, the other seats playing bots.Voids).
func TestDucksTheQueen(t *testing.T) {
	spots := 0
	for seed := range uint64(200) {
		for plays := 3; plays < 52; plays += 4 {
			_, v := midHand(t, seed, plays)
			if !gin.HandOf(v.Trick...).Has(hearts.QueenOfSpades) || !canDuck(&v) {
				continue
			}
			spots++
			if c := New().Play(&v); takes(&v, c) {
				t.Errorf("seed %d, play %d: took the queen with %v from %v", seed, plays, c, v.Legal)
			}
		}
	}
	if spots < 5 {
		t.Errorf("%d spots, want at least 5", spots)
	}
}

// takes reports whether c, played to the view's trick, would win it so far.
func takes(v *hearts.View, c gin.Card) bool {
	led := v.Trick[0].Suit()
	for _, d := range v.Trick {
		if !hearts.Beats(c, d, led) && c != d {
			return false
		}
	}
	return true
}

// canDuck reports whether some legal card does not win the trick.
func canDuck(v *hearts.View) bool {
	for _, c := range v.Legal.Cards() {
		if !takes(v, c) {
			return true
		}
	}
	return false
}
