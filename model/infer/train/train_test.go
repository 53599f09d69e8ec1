package train

import (
	"context"
	"iter"
	"testing"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/testgames"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/sim"
)

// entrant returns the named player: a baseline bot, or tuned:default,
// the tuned player with its default weights.
func entrant(t testing.TB, name string) sim.Entrant {
	t.Helper()
	e, err := players.NewEntrant(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// corpus returns n simulated games of viewer (the logged player) against
// opp, dealt from seed.
func corpus(t testing.TB, viewer, opp string, n int, seed uint64) iter.Seq2[*replay.Game, error] {
	t.Helper()
	cfg := sim.Config{Players: [2]sim.Entrant{entrant(t, viewer), entrant(t, opp)}, Games: n, Seed: seed}
	return testgames.Simulated(context.Background(), cfg)
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
