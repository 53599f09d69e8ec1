package hearts

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// highestLegal plays its highest legal card: it takes tricks, and so
// attempts, and sometimes shoots, the moon.
type highestLegal struct{}

func (highestLegal) Play(v *View) gin.Card {
	cards := v.Legal.Cards()
	best := cards[0]
	for _, c := range cards[1:] {
		if Order(c) > Order(best) {
			best = c
		}
	}
	return best
}

// referenceFacts computes a hand's facts the slow obvious way, from the
// engine's record: each fact by its definition, scanning the tricks.
func referenceFacts(r *HandRecord) Facts {
	n := r.Players
	f := Facts{Leader: r.Tricks[0].Leader, Moon: r.Moon, MoonAttempt: -1, FirstHeart: -1, QueenBy: -1, QueenTo: -1}
	for i := range r.Tricks {
		t := r.Tricks[i]
		f.Tricks = append(f.Tricks, TrickFacts{Leader: t.Leader, Winner: t.Winner(n)})
	}
	for s := range n {
		f.Seats[s].Taken = r.Taken[s]
	}
	playedBefore := func(i int) gin.Hand { // the cards of the tricks before trick i
		var h gin.Hand
		for _, t := range r.Tricks[:i] {
			h |= gin.HandOf(t.Cards[:n]...)
		}
		return h
	}
	for i, t := range r.Tricks {
		w := t.Winner(n)
		f.Seats[w].Tricks++
		f.Seats[t.Leader].Leads++
		held := r.Dealt[t.Leader] &^ playedBefore(i)
		if playedBefore(i)&HeartCards != 0 && held&HeartCards != 0 && held&^HeartCards != 0 {
			f.Seats[t.Leader].LeadsOpen++
			if t.Cards[t.Leader].Suit() == gin.Hearts {
				f.Seats[t.Leader].HeartLeadsOpen++
			}
		}
		for s := range n {
			c := t.Cards[s]
			f.Seats[s].Void[c.Suit()] = max(f.Seats[s].Void[c.Suit()], i+1)
			if c == QueenOfSpades {
				f.QueenTrick, f.QueenBy, f.QueenTo = i+1, s, w
				f.QueenDumped = c.Suit() != t.Cards[t.Leader].Suit()
			}
			if c.Suit() == gin.Hearts && f.BrokenTrick == 0 {
				f.BrokenTrick, f.FirstHeart = i+1, w
			}
		}
		// A moon attempt: after this trick, one seat holds every point
		// played so far, and at least 20 of them (the queen and seven hearts).
		taken := 0
		for _, u := range r.Tricks[:i+1] {
			if u.Winner(n) == w {
				taken += u.Points(n)
			}
		}
		if f.MoonAttempt < 0 && taken >= 20 && taken == PointsOf(playedBefore(i+1)) {
			f.MoonAttempt = w
		}
	}
	return f
}

// TestAnalyse compares Analyse with the reference on the hands of played
// games, two and four players, random and greedy.
func TestAnalyse(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players func(rng *rand.Rand) []Player
	}{
		{"four random", func(rng *rand.Rand) []Player { return randomPlayers(rng, 4) }},
		{"two random", func(rng *rand.Rand) []Player { return randomPlayers(rng, 2) }},
		{"four with a greedy seat", func(rng *rand.Rand) []Player {
			return []Player{highestLegal{}, randomLegal{rng}, randomLegal{rng}, randomLegal{rng}}
		}},
		{"two greedy", func(rng *rand.Rand) []Player { return []Player{highestLegal{}, highestLegal{}} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 5))
			hands, moons, attempts, open := 0, 0, 0, 0
			for range 60 {
				g, err := PlayGame(RandomDeals(rng), tc.players(rng), DefaultLimit)
				if err != nil {
					t.Fatal(err)
				}
				for i := range g.Hands {
					r := &g.Hands[i]
					tricks := make([][MaxPlayers]gin.Card, len(r.Tricks))
					for j, tr := range r.Tricks {
						tricks[j] = tr.Cards
					}
					got, want := Analyse(r.Players, tricks), referenceFacts(r)
					if !equalFacts(got, want) {
						t.Fatalf("hand %d: got %+v\nwant %+v", r.Number, got, want)
					}
					hands++
					if got.Moon >= 0 {
						moons++
					}
					if got.MoonAttempt >= 0 {
						attempts++
					}
					for s := range r.Players {
						open += got.Seats[s].LeadsOpen
					}
				}
			}
			t.Logf("%d hands, %d moons, %d attempts, %d open leads", hands, moons, attempts, open)
			if moons > attempts {
				t.Errorf("%d moons but %d attempts: every moon is an attempt", moons, attempts)
			}
		})
	}
}

func equalFacts(a, b Facts) bool {
	return reflect.DeepEqual(a, b)
}
