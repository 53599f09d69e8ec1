package sim

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/panics"
)

// entrants returns two baseline bots of package gin/bots, the logged one
// first. (Package players resolves every name; it imports sim.)
func entrants(t testing.TB, a, b string) [2]Entrant {
	t.Helper()
	var out [2]Entrant
	for i, name := range []string{a, b} {
		if _, err := bots.New(name, nil); err != nil {
			t.Fatal(err)
		}
		out[i] = Entrant{Name: name, New: func(rng *rand.Rand) gin.Player {
			p, _ := bots.New(name, rng) // the name was checked above
			return p
		}}
	}
	return out
}

// files runs a match and returns every file it writes, by name.
func files(t *testing.T, c Config) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	if err := Run(context.Background(), c, func(g *Game) error { return WriteGame(dir, g) }); err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

func TestDeterministic(t *testing.T) {
	c := Config{Players: entrants(t, "simple", "random"), Games: 12, Seed: 42, Start: 1600000000, Workers: 1}
	one := files(t, c)
	c.Workers = 4
	four := files(t, c)
	if len(one) != 24 || len(four) != 24 {
		t.Fatalf("%d and %d files, want 24", len(one), len(four))
	}
	for name, b := range one {
		if !bytes.Equal(b, four[name]) {
			t.Errorf("%s differs between 1 and 4 workers", name)
		}
	}
	c.Seed = 43
	other := files(t, c)
	if bytes.Equal(other["1600000000.csv"], one["1600000000.csv"]) {
		t.Error("seeds 42 and 43 gave the same first game")
	}
}

func TestMirrorSwapsDeals(t *testing.T) {
	c := Config{Players: entrants(t, "simple", "meldable"), Games: 8, Seed: 5, Mirror: true}
	games := map[int]*Game{}
	var mu sync.Mutex
	if err := Run(context.Background(), c, func(g *Game) error {
		mu.Lock()
		defer mu.Unlock()
		games[g.Index] = g
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 8; k += 2 {
		a, b := games[k].Record.Rounds, games[k+1].Record.Rounds
		for r := 0; r < min(len(a), len(b)); r++ {
			if a[r].Deck != b[r].Deck || a[r].First != 1-b[r].First {
				t.Errorf("games %d/%d round %d: mirrored deal differs (first %d and %d)", k, k+1, r+1, a[r].First, b[r].First)
			}
		}
	}
	if err := Run(context.Background(), Config{Players: c.Players, Games: 3, Mirror: true}, func(*Game) error { return nil }); err == nil {
		t.Error("an odd mirrored match ran")
	}
}

// TestLogsFollowRules writes games between every pair of bots and checks
// each file against the facts RULES.md lists for the server's logs.
func TestLogsFollowRules(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	for i, a := range bots.Names {
		for _, b := range bots.Names[i:] {
			t.Run(a+"-"+b, func(t *testing.T) {
				c := Config{Players: entrants(t, a, b), Games: games, Seed: 9, Start: 1604731633}
				fs := files(t, c)
				for g := 0; g < games; g++ {
					name := strconv.FormatInt(c.Start+int64(g), 10)
					if err := checkLogs(fs[name+".csv"], fs[name+"-score.csv"]); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
				}
			})
		}
	}
}

// checkLogs checks one game's turn and score files, parsed independently
// of the writer.
func checkLogs(turns, scores []byte) error {
	for _, f := range [][]byte{turns, scores} {
		if !bytes.HasSuffix(f, []byte("\r\n")) || bytes.Count(f, []byte("\n")) != bytes.Count(f, []byte("\r\n")) {
			return fmt.Errorf("rows must end in CRLF")
		}
	}
	type round struct {
		plays, stock int
		lastFlag     string
		lastDiscard  string
	}
	rounds := map[int]*round{}
	for i, line := range strings.Split(strings.TrimSuffix(string(turns), "\r\n"), "\r\n") {
		f := strings.Split(line, ",")
		if len(f) != 6 {
			return fmt.Errorf("turn row %d: %d fields", i+1, len(f))
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			return fmt.Errorf("turn row %d: round %q: %w", i+1, f[0], err)
		}
		r := rounds[n]
		if r == nil {
			r = &round{}
			rounds[n] = r
		} else if f[3] != r.lastDiscard {
			return fmt.Errorf("turn row %d: top %s is not the previous discard %s", i+1, f[3], r.lastDiscard)
		}
		hand, err := gin.ParseCards(f[1])
		if err != nil || len(hand) != 10 {
			return fmt.Errorf("turn row %d: hand %q: %d cards, %v", i+1, f[1], len(hand), err)
		}
		if hand[0].String() != f[4] || f[4] == f[5] || strings.Contains(";"+f[1]+";", ";"+f[5]+";") {
			return fmt.Errorf("turn row %d: drawn %s must lead the hand, discard %s must not be held", i+1, f[4], f[5])
		}
		if r.lastFlag == f[2] {
			return fmt.Errorf("turn row %d: the same player plays twice", i+1)
		}
		if f[3] != f[4] {
			r.stock++
		}
		r.plays++
		r.lastFlag, r.lastDiscard = f[2], f[5]
	}
	totals := [2]int{}
	rows := strings.Split(strings.TrimSuffix(string(scores), "\r\n"), "\r\n")
	if len(rows) != len(rounds) {
		return fmt.Errorf("%d score rows for %d rounds", len(rows), len(rounds))
	}
	for i, line := range rows {
		f := strings.Split(line, ",")
		if len(f) != 5 {
			return fmt.Errorf("score row %d: %q", i+1, line)
		}
		var n, you, opp int
		for j, dst := range []*int{&n, &you, &opp} {
			v, err := strconv.Atoi(f[j])
			if err != nil {
				return fmt.Errorf("score row %d, field %d: %w", i+1, j+1, err)
			}
			*dst = v
		}
		r := rounds[n]
		if n != i+1 || r == nil {
			return fmt.Errorf("score row %d: %q", i+1, line)
		}
		if gin.GameOver(totals[0], totals[1]) {
			return fmt.Errorf("score row %d: the game was already over", i+1)
		}
		totals[0] += you
		totals[1] += opp
		if (you == 0) == (opp == 0) {
			return fmt.Errorf("score row %d: exactly one side scores", i+1)
		}
		if f[4] != r.lastFlag {
			return fmt.Errorf("score row %d: caller flag %s, last play by %s", i+1, f[4], r.lastFlag)
		}
		if f[3] == "Drop" && r.stock != gin.StockSize && r.plays != gin.MaxPlays {
			return fmt.Errorf("score row %d: Drop after %d stock draws and %d plays", i+1, r.stock, r.plays)
		}
		if f[3] != "Drop" && r.stock > gin.StockSize {
			return fmt.Errorf("score row %d: more than 31 stock draws", i+1)
		}
	}
	if !gin.GameOver(totals[0], totals[1]) {
		return fmt.Errorf("totals %v: the game is not over", totals)
	}
	return nil
}

func TestSummary(t *testing.T) {
	var s Summary
	c := Config{Players: entrants(t, "simple", "random"), Games: 30, Seed: 1}
	var mu sync.Mutex
	if err := Run(context.Background(), c, func(g *Game) error {
		mu.Lock()
		s.Add(&g.Record)
		mu.Unlock()
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if s.Games != 30 || s.Seats[0].Wins+s.Seats[1].Wins != 30 {
		t.Fatalf("games %d, wins %d+%d", s.Games, s.Seats[0].Wins, s.Seats[1].Wins)
	}
	rate, lo, hi := s.WinRate(0)
	if lo > rate || rate > hi || rate < 0.9 {
		t.Errorf("simple against random: win rate %.3f in [%.3f, %.3f]", rate, lo, hi)
	}
}

func TestRunStopsOnSinkError(t *testing.T) {
	c := Config{Players: entrants(t, "simple", "simple"), Games: 1000, Seed: 1}
	n := 0
	var mu sync.Mutex
	err := Run(context.Background(), c, func(*Game) error {
		mu.Lock()
		defer mu.Unlock()
		n++
		if n == 3 {
			return fmt.Errorf("disk full")
		}
		return nil
	})
	if err == nil || err.Error() != "disk full" || n > 20 {
		t.Errorf("err %v after %d games, want disk full soon after 3", err, n)
	}
}

// TestRunCapturesPanics: a player that panics in a worker stops the match
// with a *panics.Error, not the process.
func TestRunCapturesPanics(t *testing.T) {
	boom := Entrant{Name: "boom", New: func(*rand.Rand) gin.Player { return panicker{} }}
	c := Config{Players: [2]Entrant{boom, boom}, Games: 10, Seed: 1, Workers: 2}
	err := Run(context.Background(), c, func(*Game) error { return nil })
	var pe *panics.Error
	if !errors.As(err, &pe) || pe.Value != "boom" {
		t.Errorf("error %v, want the captured panic", err)
	}
}

// panicker panics at its first decision.
type panicker struct{}

func (panicker) Draw(*gin.View) gin.Pile                          { panic("boom") }
func (panicker) Discard(*gin.View, gin.Card) (gin.Card, gin.Call) { panic("boom") }
func (panicker) Declare(*gin.View) []gin.Meld                     { panic("boom") }

func BenchmarkSimple(b *testing.B) {
	for _, logs := range []bool{false, true} {
		b.Run(fmt.Sprintf("logs=%v", logs), func(b *testing.B) {
			dir := b.TempDir()
			c := Config{Players: entrants(b, "simple", "simple"), Games: b.N, Seed: 1}
			b.ResetTimer()
			err := Run(context.Background(), c, func(g *Game) error {
				if logs {
					return WriteGame(dir, g)
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// TestDefaultStart: seed 1 keeps the timestamps simulate always gave, and
// different seeds start a million seconds apart, wrapping after
// StartSeeds seeds.
func TestDefaultStart(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		want int64
	}{
		{1, 1700000000},
		{2, 1701000000},
		{7, 1706000000},
		{StartSeeds, 1700000000 + (StartSeeds-1)*StartStep},
		{0, 1700000000 + (StartSeeds-1)*StartStep},
		{StartSeeds + 1, 1700000000},
		{^uint64(0), DefaultStart(^uint64(0) % StartSeeds)},
	} {
		if got := DefaultStart(tc.seed); got != tc.want {
			t.Errorf("DefaultStart(%d) = %d, want %d", tc.seed, got, tc.want)
		}
	}
}
