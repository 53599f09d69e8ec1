package testdb

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/sim"
)

// Batch is a set of simulated games ingested with the same tags. The
// rollup tests import several in turn: their game ids follow each other
// and their timestamps need not, so that filters select rollup blocks in
// part.
type Batch struct {
	Opponent, Source string // the tags of the import; "" for none
	You, Opp         string // the players, as the registry names them
	Games            int
	Start            int64 // the first game's log timestamp
}

// Simulate writes the logs of each batch into a folder of its own, the
// match of batch i seeded by seed+i, and returns the folders.
func Simulate(t testing.TB, seed uint64, batches ...Batch) []string {
	t.Helper()
	var dirs []string
	for i, b := range batches {
		var entrants [2]sim.Entrant
		for j, name := range []string{b.You, b.Opp} {
			e, err := players.NewEntrant(name)
			if err != nil {
				t.Fatal(err)
			}
			entrants[j] = e
		}
		dir := t.TempDir()
		cfg := sim.Config{Players: entrants, Games: b.Games, Seed: seed + uint64(i), Start: b.Start}
		if err := sim.Run(context.Background(), cfg, func(g *sim.Game) error { return sim.WriteGame(dir, g) }); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	return dirs
}

// Ingest imports the logs in dir into db with the batch's tags.
func (b Batch) Ingest(t testing.TB, db *sql.DB, dir string) *ingest.Summary {
	t.Helper()
	s, err := ingest.Run(context.Background(), db, ingest.Options{Paths: []string{dir}, Opponent: b.Opponent, Source: b.Source})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// RandomFilters draws filters over the batches' tags, the log timestamps
// stamps of the database's games and its game ids, from 1 to games: a
// side, and now and then an opponent, a source, a start, an end or a
// game.
func RandomFilters(r *rand.Rand, batches []Batch, stamps []int64, games int64) selection.Filters {
	pick := func(vals ...string) string { return vals[r.IntN(len(vals))] }
	var opponents, sources []string
	for _, b := range batches {
		if b.Opponent != "" && !slices.Contains(opponents, b.Opponent) {
			opponents = append(opponents, b.Opponent)
		}
		if b.Source != "" && !slices.Contains(sources, b.Source) {
			sources = append(sources, b.Source)
		}
	}
	f := selection.Filters{Who: pick("opp", "you", "both"), MinSample: 10}
	if r.IntN(3) == 0 && len(opponents) > 0 {
		f.Opponent = pick(opponents...)
	}
	if r.IntN(4) == 0 && len(sources) > 0 {
		f.Source = pick(sources...)
	}
	if r.IntN(2) == 0 {
		f.Since = stamps[r.IntN(len(stamps))]
	}
	if r.IntN(2) == 0 {
		f.Until = stamps[r.IntN(len(stamps))] + 1
	}
	if r.IntN(8) == 0 {
		f.Game = 1 + r.Int64N(games)
	}
	return f
}
