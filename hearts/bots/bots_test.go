package bots

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"
)

func entrants(t testing.TB, names ...string) []Entrant {
	t.Helper()
	var out []Entrant
	for _, n := range names {
		e, err := Bot(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// play runs a match and returns its games by index.
func play(t testing.TB, m Match) []*Game {
	t.Helper()
	games := make([]*Game, m.Games)
	var mu sync.Mutex
	err := Run(context.Background(), m, func(g *Game) error {
		mu.Lock()
		defer mu.Unlock()
		games[g.Index] = g
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// TestBotsPlayLegally plays every bot in two- and four-player games; the
// engine stops a game at the first illegal card, so a finished match means
// every card was legal.
func TestBotsPlayLegally(t *testing.T) {
	for _, name := range Names {
		for _, n := range []int{2, 4} {
			t.Run(fmt.Sprintf("%s %d players", name, n), func(t *testing.T) {
				names := []string{name, "random", name, "random"}[:n]
				games := play(t, Match{Players: entrants(t, names...), Games: 30, Seed: 7})
				for _, g := range games {
					if len(g.Record.Hands) == 0 {
						t.Fatalf("game %d has no hands", g.Index)
					}
				}
			})
		}
	}
}

func TestDeterministic(t *testing.T) {
	m := Match{Players: entrants(t, "tracker", "simple", "random", "random"), Games: 12, Seed: 42, Start: 1600000000, Workers: 1}
	one := play(t, m)
	m.Workers = 3
	three := play(t, m)
	if !reflect.DeepEqual(one, three) {
		t.Error("1 and 3 workers played different games")
	}
	m.Seed = 43
	if other := play(t, m); reflect.DeepEqual(other[0].Record, one[0].Record) {
		t.Error("seeds 42 and 43 gave the same first game")
	}
	if one[5].Stamp != 1600000005 {
		t.Errorf("game 5 stamped %d, want 1600000005", one[5].Stamp)
	}
}

// TestStrength checks the order of the baselines at one table: the tracker
// scores fewer points per hand than simple, and simple fewer than random.
// The match is fixed by its seed, so this is a regression check of the
// strategies, not a statistical claim.
func TestStrength(t *testing.T) {
	games := play(t, Match{Players: entrants(t, "tracker", "simple", "random", "random"), Games: 400, Seed: 1})
	var pts, wins [4]int
	hands := 0
	for _, g := range games {
		for _, h := range g.Record.Hands {
			for s := range pts {
				pts[s] += h.Points[s]
			}
			hands++
		}
		wins[g.Record.Winner()]++
	}
	t.Logf("points a hand: tracker %.2f, simple %.2f, random %.2f and %.2f; games won %v of %d",
		float64(pts[0])/float64(hands), float64(pts[1])/float64(hands), float64(pts[2])/float64(hands), float64(pts[3])/float64(hands), wins, len(games))
	if !(pts[0] < pts[1] && pts[1] < pts[2] && pts[1] < pts[3]) {
		t.Errorf("points tracker %d, simple %d, random %d and %d: want tracker < simple < random", pts[0], pts[1], pts[2], pts[3])
	}
}

func TestErrors(t *testing.T) {
	if _, err := New("nobody", nil); err == nil {
		t.Error("an unknown player was accepted")
	}
	if _, err := (&Match{Players: entrants(t, "random", "random", "random")}).Play(0); err == nil {
		t.Error("a three-player match was accepted")
	}
}
