package replay

import (
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// TestHands: on simulated games, the hands Hands rebuilds from the plays
// alone are the hands the engine dealt and the players held, after every
// play of every round.
func TestHands(t *testing.T) {
	for _, rec := range simGames(t, "meldable", "memory", 10, 8) {
		g := FromRecord(rec)
		for ri, r := range rec.Rounds {
			var truth [2]gin.Hand
			truth[r.First] = gin.HandOf(r.Deck[:gin.HandSize]...)
			truth[r.First.Other()] = gin.HandOf(r.Deck[gin.HandSize : 2*gin.HandSize]...)
			hands := g.Rounds[ri].Hands()
			if len(hands) != len(r.Plays) {
				t.Fatalf("round %d: %d hands for %d plays", r.Number, len(hands), len(r.Plays))
			}
			for i, p := range r.Plays {
				if got, want := g.Rounds[ri].Plays[i].Before(), truth[p.Seat]; got != want {
					t.Fatalf("round %d ply %d: Before %v, the engine's hand %v", r.Number, i+1, got, want)
				}
				truth[p.Seat] = gin.HandOf(p.Hand...)
				if hands[i] != truth {
					t.Fatalf("round %d ply %d: hands %v, want %v", r.Number, i+1, hands[i], truth)
				}
			}
		}
	}
}

func TestFromRecord(t *testing.T) {
	rec := simGames(t, "simple", "random", 1, 3)[0]
	g := FromRecord(rec)
	if len(g.Rounds) != len(rec.Rounds) {
		t.Fatalf("%d rounds, want %d", len(g.Rounds), len(rec.Rounds))
	}
	for i, r := range rec.Rounds {
		gr := g.Rounds[i]
		if gr.Number != r.Number || gr.Points != r.Points || gr.Action != r.Call || gr.Caller != r.Caller || len(gr.Plays) != len(r.Plays) {
			t.Fatalf("round %d: %+v from %+v", r.Number, gr, r)
		}
		for j, p := range r.Plays {
			want := Play{Seat: p.Seat, Hand: gin.HandOf(p.Hand...), DrawnFirst: true, Top: p.Top, Drawn: p.Drawn, Discarded: p.Discarded}
			if gr.Plays[j] != want || !slices.Equal(gr.Listed[j][:], p.Hand) {
				t.Fatalf("round %d ply %d: %+v, want %+v", r.Number, j+1, gr.Plays[j], want)
			}
		}
	}
	if res := Check(g); len(res.Violations) != 0 {
		t.Errorf("a game the engine played breaks the rules: %v", res.Violations)
	}
}
