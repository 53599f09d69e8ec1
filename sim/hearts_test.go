package sim

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/hearts/logs"
)

// heartsEntrants returns baseline bots of package hearts/bots, by seat.
// (Package players resolves every name; it imports sim.)
func heartsEntrants(t testing.TB, names ...string) []HeartsEntrant {
	t.Helper()
	var out []HeartsEntrant
	for _, n := range names {
		if _, err := bots.New(n, nil); err != nil {
			t.Fatal(err)
		}
		out = append(out, HeartsEntrant{Name: n, New: func(rng *rand.Rand) hearts.Player {
			p, _ := bots.New(n, rng) // the name was checked above
			return p
		}})
	}
	return out
}

// playHearts runs a match and returns its games by index.
func playHearts(t testing.TB, c HeartsConfig) []*HeartsGame {
	t.Helper()
	games := make([]*HeartsGame, c.Games)
	var mu sync.Mutex
	err := RunHearts(context.Background(), c, func(g *HeartsGame) error {
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

// TestHeartsBotsPlayLegally plays every bot in two- and four-player games;
// the engine stops a game at the first illegal card, so a finished match
// means every card was legal.
func TestHeartsBotsPlayLegally(t *testing.T) {
	for _, name := range bots.Names {
		for _, n := range []int{2, 4} {
			t.Run(fmt.Sprintf("%s %d players", name, n), func(t *testing.T) {
				names := []string{name, "random", name, "random"}[:n]
				games := playHearts(t, HeartsConfig{Players: heartsEntrants(t, names...), Games: 30, Seed: 7})
				for _, g := range games {
					if len(g.Record.Hands) == 0 {
						t.Fatalf("game %d has no hands", g.Index)
					}
				}
			})
		}
	}
}

func TestHeartsDeterministic(t *testing.T) {
	c := HeartsConfig{Players: heartsEntrants(t, "tracker", "simple", "random", "random"), Games: 12, Seed: 42, Start: 1600000000, Workers: 1}
	one := playHearts(t, c)
	c.Workers = 3
	three := playHearts(t, c)
	if !reflect.DeepEqual(one, three) {
		t.Error("1 and 3 workers played different games")
	}
	c.Seed = 43
	if other := playHearts(t, c); reflect.DeepEqual(other[0].Record, one[0].Record) {
		t.Error("seeds 42 and 43 gave the same first game")
	}
	if one[5].Stamp != 1600000005 {
		t.Errorf("game 5 stamped %d, want 1600000005", one[5].Stamp)
	}
}

// TestHeartsStrength checks the order of the baselines at one table: the
// tracker scores fewer points per hand than simple, and simple fewer than
// random. The match is fixed by its seed, so this is a regression check of
// the strategies, not a statistical claim.
func TestHeartsStrength(t *testing.T) {
	var sum HeartsSummary
	for _, g := range playHearts(t, HeartsConfig{Players: heartsEntrants(t, "tracker", "simple", "random", "random"), Games: 400, Seed: 1}) {
		sum.Add(&g.Record)
	}
	pts := func(s int) float64 { return sum.PointsPerHand(s) }
	t.Logf("points a hand: tracker %.2f, simple %.2f, random %.2f and %.2f", pts(0), pts(1), pts(2), pts(3))
	if !(pts(0) < pts(1) && pts(1) < pts(2) && pts(1) < pts(3)) {
		t.Errorf("points a hand %v: want tracker < simple < random", []float64{pts(0), pts(1), pts(2), pts(3)})
	}
	wins := 0
	for s := range 4 {
		rate, lo, hi := sum.WinRate(s)
		if !(lo <= rate && rate <= hi) {
			t.Errorf("seat %d: win rate %.3f outside its interval %.3f-%.3f", s, rate, lo, hi)
		}
		wins += sum.Seats[s].Wins
		if lo, hi := sum.PointsInterval(s); !(lo < pts(s) && pts(s) < hi) {
			t.Errorf("seat %d: %.2f points a hand outside its interval %.2f-%.2f", s, pts(s), lo, hi)
		}
	}
	if wins != sum.Games {
		t.Errorf("%d wins in %d games", wins, sum.Games)
	}
}

func TestHeartsPointsInterval(t *testing.T) {
	for _, tc := range []struct {
		name           string
		hands, points  int
		squares        int
		wantLo, wantHi float64
	}{
		{"no hands", 0, 0, 0, 0, 26},
		{"always the same", 4, 8, 16, 2, 2},
		{"0 or 2", 4, 4, 8, 1 - 1.96*math.Sqrt(4.0/3/4), 1 + 1.96*math.Sqrt(4.0/3/4)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := HeartsSummary{Hands: tc.hands}
			s.Seats[0] = HeartsSeatStats{Points: tc.points, Squares: tc.squares}
			lo, hi := s.PointsInterval(0)
			if math.Abs(lo-tc.wantLo) > 1e-9 || math.Abs(hi-tc.wantHi) > 1e-9 {
				t.Errorf("PointsInterval = %.4f-%.4f, want %.4f-%.4f", lo, hi, tc.wantLo, tc.wantHi)
			}
		})
	}
}

func TestHeartsErrors(t *testing.T) {
	c := HeartsConfig{Players: heartsEntrants(t, "random", "random", "random"), Games: 1}
	if err := RunHearts(context.Background(), c, func(*HeartsGame) error { return nil }); err == nil {
		t.Error("a three-player match was accepted")
	}
}

// TestHeartsLogs writes a match's logs and reads them back with hearts/logs: the
// player-id ordered format, every hand determined and verified.
func TestHeartsLogs(t *testing.T) {
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprint(n, " players"), func(t *testing.T) {
			players := heartsEntrants(t, []string{"simple", "tracker", "random", "simple"}[:n]...)
			c := HeartsConfig{Players: players, Games: 6, Seed: 3, Start: 1700000000}
			dir := t.TempDir()
			ids := HeartsIDs(players)
			if err := HeartsDirs(dir, ids); err != nil {
				t.Fatal(err)
			}
			games := playHearts(t, c)
			for _, g := range games {
				if err := WriteHeartsGame(dir, g, ids); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteHeartsGame(dir, games[0], ids); err == nil {
				t.Error("a game written over its files")
			}
			if err := OverwriteHeartsGame(dir, games[0], ids); err != nil {
				t.Error(err)
			}
			read, err := logs.ReadFS(os.DirFS(filepath.Dir(dir)), filepath.Base(dir))
			if err != nil {
				t.Fatal(err)
			}
			if len(read) != len(games) {
				t.Fatalf("%d games read, %d written", len(read), len(games))
			}
			for i, g := range read {
				rep := logs.Verify(g)
				if rep.Method != logs.MethodByPlayer || !rep.Verified() || len(g.Hands) != len(games[i].Record.Hands) {
					t.Errorf("game %d: method %v, deviations %v, %d hands of %d", i, rep.Method, rep.Deviations, len(g.Hands), len(games[i].Record.Hands))
				}
			}
		})
	}
}
