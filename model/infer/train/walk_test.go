package train

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
)

func cloneGame(g *replay.Game) *replay.Game {
	c := &replay.Game{ID: g.ID, Rounds: slices.Clone(g.Rounds)}
	for i := range c.Rounds {
		c.Rounds[i].Plays = slices.Clone(c.Rounds[i].Plays)
	}
	return c
}

// TestWalkTargets checks which decisions each target samples: the
// logged player's plays for the opponent's hand, the opponent's for the
// logged player's, all of them for both.
func TestWalkTargets(t *testing.T) {
	games := collect(t, corpus(t, "simple", "meldable", 5, 11))
	for _, g := range games {
		var plays [2]int
		for _, r := range g.Rounds {
			for i := range r.Plays {
				plays[sideOf(&r.Plays[i])]++
			}
		}
		for _, tc := range []struct {
			target Target
			want   int
		}{{TargetOpp, plays[0]}, {TargetYou, plays[1]}, {TargetBoth, plays[0] + plays[1]}} {
			n := 0
			err := walk(g, tc.target, func(d *decision) {
				if d.hand.Len() != gin.HandSize {
					t.Fatalf("an opponent hand of %d cards", d.hand.Len())
				}
				n++
			})
			if err != nil {
				t.Fatal(err)
			}
			if n != tc.want {
				t.Errorf("game %d, target %v: %d decisions, want %d", g.ID, tc.target, n, tc.want)
			}
		}
	}
}

// TestWalkInconsistent checks that a game whose plays contradict each
// other is refused with its location, never replayed into wrong labels.
func TestWalkInconsistent(t *testing.T) {
	base := collect(t, corpus(t, "memory", "simple", 1, 5))[0]
	tests := []struct {
		name   string
		change func(r *replay.Round)
		want   string
	}{
		{"a card out of the deck", func(r *replay.Round) { r.Plays[3].Discarded = 60 }, "ply 4: inconsistent game: a card out of the deck"},
		{"a hand of nine cards", func(r *replay.Round) { r.Plays[2].Hand = r.Plays[2].Hand.Remove(r.Plays[2].Drawn) }, "ply 3: inconsistent game: a hand of 9 cards"},
		{"the same player twice", func(r *replay.Round) { r.Plays[4].Seat = r.Plays[3].Seat }, "ply 5: inconsistent game: the same player twice"},
		{"the top of the pile changed", func(r *replay.Round) { r.Plays[5].Top = r.Plays[3].Discarded }, "ply 6: inconsistent game: the top of the pile"},
		{"a hand that does not follow", func(r *replay.Round) {
			p := &r.Plays[6]
			x := p.Hand.Remove(p.Drawn).Cards()[0]
			y := (gin.FullDeck &^ p.Hand &^ gin.HandOf(p.Discarded, p.Top)).Cards()[0]
			p.Hand = p.Hand.Remove(x).Add(y)
		}, "inconsistent game"},
		{"the discard still held", func(r *replay.Round) { r.Plays[2].Discarded = r.Plays[2].Hand.Cards()[1] }, "ply 3: inconsistent game"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := cloneGame(base)
			k := slices.IndexFunc(g.Rounds, func(r replay.Round) bool { return len(r.Plays) >= 8 })
			if k < 0 {
				t.Fatal("no round of 8 plays")
			}
			r := &g.Rounds[k]
			tc.change(r)
			err := walk(g, TargetBoth, func(*decision) {})
			where := fmt.Sprintf("game 0 round %d: ", r.Number)
			if err == nil || !errors.Is(err, ErrGame) || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), where) {
				t.Fatalf("got %v, want an ErrGame at %q with %q", err, where, tc.want)
			}
		})
	}
	if err := walk(base, TargetBoth, func(*decision) {}); err != nil {
		t.Fatalf("the game itself: %v", err)
	}
}
