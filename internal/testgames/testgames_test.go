package testgames

import (
	"context"
	"iter"
	"reflect"
	"testing"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/sim"
)

// bots returns the named baseline players, the logged one first.
func bots(t testing.TB, a, b string) [2]sim.Entrant {
	t.Helper()
	out, err := players.Bots(a, b)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// collect returns the games of seq.
func collect(t testing.TB, seq iter.Seq2[*replay.Game, error]) []*replay.Game {
	t.Helper()
	var out []*replay.Game
	for g, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}

// TestSimulated checks that the simulated sequence yields every game of
// the match in index order, as sim plays them one by one, that ranging
// again gives the same games, and that stopping early returns.
func TestSimulated(t *testing.T) {
	cfg := sim.Config{Players: bots(t, "simple", "memory"), Games: 40, Seed: 3, Workers: 3}
	seq := Simulated(context.Background(), cfg)
	games := collect(t, seq)
	if len(games) != cfg.Games {
		t.Fatalf("%d games, want %d", len(games), cfg.Games)
	}
	for i, g := range games {
		want, err := cfg.Play(i)
		if err != nil {
			t.Fatal(err)
		}
		if g.ID != int64(i) || !reflect.DeepEqual(g, fromRecord(int64(i), &want.Record)) {
			t.Fatalf("game %d differs from sim's game %d", g.ID, i)
		}
	}
	again := collect(t, seq)
	if !reflect.DeepEqual(again, games) {
		t.Error("ranging again gave other games")
	}
	n := 0
	for _, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("stopped after %d games, want 3", n)
	}
}

// TestSimulatedError checks that a match that cannot be played reports
// its error through the sequence.
func TestSimulatedError(t *testing.T) {
	cfg := sim.Config{Players: bots(t, "simple", "memory"), Games: 3, Mirror: true}
	n := 0
	for g, err := range Simulated(context.Background(), cfg) {
		if err == nil {
			t.Fatalf("game %d, want the error of an odd mirrored match", g.ID)
		}
		n++
	}
	if n != 1 {
		t.Errorf("%d items, want one error", n)
	}
}
