package bots

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/ginlog/ginlog/hearts"
	"golang.org/x/sync/errgroup"
)

// Entrant is a player of a match: a name for reports and a constructor
// called once per game.
type Entrant struct {
	Name string
	New  func(rng *rand.Rand) hearts.Player
}

// Bot returns the named baseline player as an entrant.
func Bot(name string) (Entrant, error) {
	if _, err := New(name, nil); err != nil {
		return Entrant{}, err
	}
	return Entrant{Name: name, New: func(rng *rand.Rand) hearts.Player {
		p, _ := New(name, rng)
		return p
	}}, nil
}

// Match describes a match: its players by seat (2 or 4), how many games,
// and the seed that makes it reproducible. Game i is dealt from a random
// stream keyed by (Seed, i) and each player's randomness from its own, so
// the games can be played by any number of workers in any order with the
// same result.
type Match struct {
	Players []Entrant
	Games   int
	Seed    uint64
	Limit   int   // the total that ends a game; 0 means hearts.DefaultLimit
	Start   int64 // the stamp of game 0; game i gets Start+i
	Workers int   // goroutines; 0 means one per CPU
}

// Game is a finished game of a match.
type Game struct {
	Index  int
	Stamp  int64
	Record hearts.GameRecord
}

// playerSeed keys the players' own randomness apart from the deals.
const playerSeed = 0x9e3779b97f4a7c15

// Play plays game i of the match.
func (m *Match) Play(i int) (*Game, error) {
	n := len(m.Players)
	if !hearts.ValidPlayers(n) {
		return nil, fmt.Errorf("%d players: want 2 or 4", n)
	}
	players := make([]hearts.Player, n)
	for s, e := range m.Players {
		players[s] = e.New(rand.New(rand.NewPCG(m.Seed^playerSeed, uint64(n*i+s))))
	}
	limit := m.Limit
	if limit == 0 {
		limit = hearts.DefaultLimit
	}
	rec, err := hearts.PlayGame(hearts.RandomDeals(rand.New(rand.NewPCG(m.Seed, uint64(i)))), players, limit)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", i, err)
	}
	return &Game{Index: i, Stamp: m.Start + int64(i), Record: rec}, nil
}

// Run plays every game of the match on the configured workers and passes
// each finished game to sink, from several goroutines at once and in no
// particular order. It stops at the first error of a game or of sink, or
// when ctx is cancelled.
func Run(ctx context.Context, m Match, sink func(*Game) error) error {
	workers := m.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	g, ctx := errgroup.WithContext(ctx)
	next := make(chan int)
	for range workers {
		g.Go(func() error {
			for i := range next {
				game, err := m.Play(i)
				if err == nil {
					err = sink(game)
				}
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(next)
		for i := range m.Games {
			select {
			case next <- i:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	return g.Wait()
}
