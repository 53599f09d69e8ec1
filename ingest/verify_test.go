package ingest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/sim"
	"github.com/ginlog/ginlog/store"
)

// TestVerifyWhileLoading: an import that verifies the games as it loads
// them (Options.Verify) stores what the same import followed by
// store.Verify stores, verdict for verdict, and counts the same; verify
// then finds nothing left to do. The games: the sample, the real logs,
// games breaking the rules and bad players' games, a game's mirror, and a game's start replaced
// by the whole game in the same import and in a later one; in batches of
// the default size and of one game.
func TestVerifyWhileLoading(t *testing.T) {
	games, stamp := prefixGames(t)
	at := func(label string) placed { return placed{label, fmt.Sprint(stamp)} }
	other := fmt.Sprint(testlogs.Meldable[1])
	start, whole := t.TempDir(), t.TempDir()
	writePlaced(t, start, games, []placed{at("P")})
	writePlaced(t, whole, games, []placed{at("W")})
	mirror := t.TempDir()
	writePlaced(t, mirror, games, []placed{at("M")})
	broken := t.TempDir() // games cut short, a score changed, and bad players
	writePlaced(t, broken, games, []placed{at("PS"), {"PX", other}})
	simulateInto(t, filepath.Join(broken, "a"), 1000, "broken:never-knock", "simple")
	simulateInto(t, filepath.Join(broken, "b"), 2000, "broken:high-discard", "meldable")
	var corpora []string
	for _, c := range testenv.Corpora() {
		corpora = append(corpora, c.Dir(t))
	}
	for _, tc := range []struct {
		name    string
		imports [][]string
	}{
		{"corpora", [][]string{corpora}},
		{"breaking the rules, bad players", [][]string{{broken}}},
		{"start and whole in one import, and a mirror", [][]string{{start, whole, mirror}}},
		{"start, then whole", [][]string{{start}, {whole, mirror}}},
	} {
		for _, batch := range []int{0, 1} {
			t.Run(fmt.Sprintf("%s/batch %d", tc.name, batch), func(t *testing.T) {
				ctx := context.Background()
				while, after := testschema.Open(t), testschema.Open(t)
				got, want := replay.NewSummary(), replay.NewSummary()
				for _, paths := range tc.imports {
					s, err := Run(ctx, while.DB, Options{Paths: paths, Batch: batch, Verify: true})
					if err != nil {
						t.Fatal(err)
					}
					got.Merge(s.Verified)
					if left, err := store.Verify(ctx, while.DB, store.Selection{}, nil, nil); err != nil || left.Games != 0 {
						t.Fatalf("verify after the import verified %d games (%v), want none", left.Games, err)
					}
					if s, err = Run(ctx, after.DB, Options{Paths: paths, Batch: batch}); err != nil || s.Verified != nil {
						t.Fatalf("import without verifying: %+v %v", s, err)
					}
					v, err := store.Verify(ctx, after.DB, store.Selection{}, nil, nil)
					if err != nil {
						t.Fatal(err)
					}
					want.Merge(v)
				}
				if got.Games == 0 || tc.name == "breaking the rules, bad players" && got.GamesWithBad == 0 {
					t.Fatalf("verified %+v: the case checks nothing", got)
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("verified while loading: %+v\nverified after: %+v", got, want)
				}
				if g, w := testschema.VerdictsDigest(t, while.DB), testschema.VerdictsDigest(t, after.DB); g != w {
					t.Errorf("verdicts stored while loading:\n%s\nafter:\n%s", g, w)
				}
			})
		}
	}
}

// simulateInto writes six games of a against b into dir, the first
// logged at first.
func simulateInto(t *testing.T, dir string, first int64, a, b string) {
	t.Helper()
	entrants, err := players.Bots(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	c := sim.Config{Players: entrants, Games: 6, Seed: uint64(first), Start: first, Workers: 1}
	if err := sim.Run(context.Background(), c, func(g *sim.Game) error { return sim.WriteGame(dir, g) }); err != nil {
		t.Fatal(err)
	}
}
