package logs

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ginlog/ginlog/hearts"
)

// scrambledGame plays a game of four baseline bots, repeats its hands until
// there are hands of them (0: the game as played), and writes it as the
// earlier framework did, each trick scrambled, keeping the files of the
// players keep names. It returns the one game read back.
func scrambledGame(t *testing.T, hands int, keep ...string) *Game {
	t.Helper()
	rec := playMatch(t, 4, 1, 7)[0].Record
	played := rec.Hands
	for len(rec.Hands) < hands {
		rec.Hands = append(rec.Hands, played[len(rec.Hands)%len(played)])
	}
	files := map[string][]byte{}
	stamps := earlierStamps([]*playedGame{{Record: rec}}, 4)[0]
	earlierFiles(files, &rec, []string{"p3", "p1", "p4", "p2"}, stamps, rand.New(rand.NewPCG(5, 5)))
	fsys := fstest.MapFS{}
	for name, data := range files {
		if slices.Contains(keep, strings.Split(name, "/")[1]) {
			fsys[name] = &fstest.MapFile{Data: data}
		}
	}
	games, err := ReadFS(fsys, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || len(games[0].Errors) > 0 || len(games[0].Hands) != len(rec.Hands) {
		t.Fatalf("%d games read back, want one of %d hands", len(games), len(rec.Hands))
	}
	return games[0]
}

// TestVerifyOnePlayerLongGame verifies a long game of which only one
// player's file is left, its tricks scrambled: the search then collects
// the other players' scores for every hand, and the end check follows the
// totals they allow. Every hand is recovered within its budget and the
// game's, and the end check stops at its bounds instead of following
// totals that multiply with the hands.
func TestVerifyOnePlayerLongGame(t *testing.T) {
	g := scrambledGame(t, 132, "p1")
	var v Verifier
	rep := v.Verify(g)
	if rep.Method != MethodSearched {
		t.Fatalf("method %v, want searched", rep.Method)
	}
	total := 0
	for i, h := range rep.Hands {
		if !h.Verified || h.NotRecovered || h.States == 0 || h.States > HandStates {
			t.Fatalf("hand %d: verified %t, not recovered %t, %d states: want verified within %d states", i+1, h.Verified, h.NotRecovered, h.States, HandStates)
		}
		total += h.States
	}
	if total > GameStates {
		t.Errorf("%d states in all, over the game's budget of %d", total, GameStates)
	}
	var codes []string
	for _, d := range rep.Deviations {
		codes = append(codes, d.Code)
	}
	if !slices.Equal(codes, []string{CodeEndUnknown}) || rep.Deviations[0].Hand != len(g.Hands) {
		t.Errorf("deviations %v, want %s on the last hand", rep.Deviations, CodeEndUnknown)
	}
}

// TestVerifyBudgets verifies games under budgets smaller than their
// searches need: exactly the hands whose search needs more than the hand's
// budget, or comes after the game's is spent, are not recovered, each
// located by a deviation; the other hands read as without budgets, and the
// end is checked as before: open with one player's file, and from the
// logged scores with every file.
func TestVerifyBudgets(t *testing.T) {
	onePlayer := scrambledGame(t, 40, "p1")
	every := scrambledGame(t, 0, "p1", "p2", "p3", "p4")
	var v0 Verifier
	unbudgeted := map[*Game]*Report{onePlayer: v0.Verify(onePlayer), every: v0.Verify(every)}
	for _, tc := range []struct {
		name       string
		g          *Game
		hand, game int // budgets: a hand's as a quantile of the states the hands need, a game's as a share of the sum
	}{
		{"one player, hand budget", onePlayer, 50, 100},
		{"one player, game budget", onePlayer, 100, 30},
		{"one player, both", onePlayer, 70, 60},
		{"every player, hand budget", every, 50, 100},
		{"every player, game budget", every, 100, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v Verifier
			full := unbudgeted[tc.g]
			need := make([]int, len(full.Hands))
			sum := 0
			for i, h := range full.Hands {
				if h.Method != MethodSearched || !h.Verified {
					t.Fatalf("hand %d: %v, verified %t without budgets", i+1, h.Method, h.Verified)
				}
				need[i], sum = h.States, sum+h.States
			}
			sorted := slices.Sorted(slices.Values(need))
			v.handStates = sorted[min(len(sorted)*tc.hand/100, len(sorted)-1)]
			v.gameStates = sum * tc.game / 100
			// The hands not recovered, as the budgets say: a search stops
			// when it has explored its budget.
			want := make([]bool, len(need))
			nWant, left := 0, v.gameStates
			for i := range need {
				budget := min(v.handStates, left)
				want[i] = need[i] > budget
				if want[i] {
					nWant++
				}
				left -= min(need[i], budget)
			}
			if nWant == 0 || nWant == len(need) {
				t.Fatalf("%d of %d hands past the budgets: the test needs some of each", nWant, len(need))
			}
			rep := v.Verify(tc.g)
			located := map[int]bool{}
			var other []string
			for _, d := range rep.Deviations {
				if d.Code == CodeNotRecovered {
					located[d.Hand] = true
					if KindOf(d.Code) != KindUnchecked {
						t.Errorf("%s is of kind %s", d.Code, KindOf(d.Code))
					}
					continue
				}
				other = append(other, d.Code)
			}
			for i, h := range rep.Hands {
				if h.NotRecovered != want[i] {
					t.Fatalf("hand %d needs %d states, hand budget %d: not recovered %t, want %t", i+1, need[i], v.handStates, h.NotRecovered, want[i])
				}
				if !h.NotRecovered {
					if h.Verified != full.Hands[i].Verified || h.Seats != full.Hands[i].Seats || h.States != need[i] {
						t.Fatalf("hand %d reads otherwise under the budgets", i+1)
					}
					continue
				}
				if h.Verified || h.Assignments != 0 || h.Determined || !located[i+1] || slices.ContainsFunc(h.Seats[:], func(s int8) bool { return s != -1 }) {
					t.Fatalf("hand %d not recovered: verified %t, %d assignments, determined %t, located %t, seats %v",
						i+1, h.Verified, h.Assignments, h.Determined, located[i+1], h.Seats)
				}
				if h.PointsKnown != (tc.g == every) {
					t.Errorf("hand %d not recovered: points known %t", i+1, h.PointsKnown)
				}
			}
			if len(located) != nWant {
				t.Errorf("%d hands located as not recovered, want %d", len(located), nWant)
			}
			var before []string
			for _, d := range full.Deviations {
				before = append(before, d.Code)
			}
			if !slices.Equal(other, before) {
				t.Errorf("other deviations %v, without budgets %v", other, before)
			}
			var s Summary
			s.Methods, s.Deviations = map[string]int{}, map[string]int{}
			s.Add(rep)
			if s.NotRecovered != nWant || s.Deviations[CodeNotRecovered] != nWant || s.Verified != len(need)-nWant {
				t.Errorf("summary: %d hands not recovered, %d deviations %s, %d verified; want %d, %d, %d",
					s.NotRecovered, s.Deviations[CodeNotRecovered], CodeNotRecovered, s.Verified, nWant, nWant, len(need)-nWant)
			}
			if unchecked := len(before) == 0; s.GamesUnchecked != b2i(unchecked) {
				t.Errorf("summary: %d games unchecked only, want %d", s.GamesUnchecked, b2i(unchecked))
			}
		})
	}
}

// TestEndCheckBounded follows a game whose hands' readings keep every total
// open (pos 0 and 1 tie for the lowest, so no reading ends the game) and
// spread them: the totals multiply with the hands, and the end check
// stops at its bound of work, unknown, however many hands follow.
func TestEndCheckBounded(t *testing.T) {
	const hands = 5000
	g := &Game{Players: 4, Hands: make([]Hand, hands)}
	alts := newAlternatives(g, 1)
	for i := range hands {
		for x := 0; x <= hearts.MoonPoints; x++ {
			alts.add(0, [hearts.MaxPlayers]int{0, 0, x, hearts.MoonPoints - x})
		}
		var r HandReport
		alts.done(g, i, &r)
		if r.PointsKnown {
			t.Fatalf("hand %d: points known", i+1)
		}
	}
	f := &alts.follow[0]
	if !f.stopped || !alts.reasons.unknown || f.steps > maxEndSteps+len(f.totals)*(hearts.MoonPoints+1) {
		t.Errorf("stopped %t, unknown %t after %d steps: want stopped, unknown, at most %d steps", f.stopped, alts.reasons.unknown, f.steps, maxEndSteps)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
