// Package sim plays matches between two players and writes their games in
// the tournament server's log format.
//
// Every game is reproducible on its own: game i of a match with seed S is
// dealt from a random stream keyed by (S, i), or with mirroring by
// (S, i/2), the odd game of each pair replaying the even one's deals with
// the other player moving first and holding the first mover's cards. So the
// games can be played by any number of workers in any order and the output
// is the same.
package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/panics"
	"golang.org/x/sync/errgroup"
)

// Entrant is a player of a match: a name for reports and a constructor
// called once per game.
type Entrant struct {
	Name string
	New  func(rng *rand.Rand) gin.Player
}

// Config describes a match. Players[0] is seat 0, the logged player ("you").
type Config struct {
	Players [2]Entrant
	Games   int
	Seed    uint64
	Mirror  bool  // play each deal twice, the first mover's cards going to the other player
	Start   int64 // the timestamp of game 0; game i gets Start+i
	Workers int   // goroutines; 0 means one per CPU; at most one per game and MaxWorkers
}

// MaxWorkers caps Config.Workers: more goroutines than this only add
// memory (each holds two players), not speed.
const MaxWorkers = 256

// Game is a finished game of a match.
type Game struct {
	Index     int
	Timestamp int64
	Record    gin.GameRecord
}

// dealer returns game i's deal stream.
func (c *Config) dealer(i int) gin.Dealer {
	if !c.Mirror {
		return gin.RandomDeals(rand.New(rand.NewPCG(c.Seed, uint64(i))))
	}
	deals := gin.RandomDeals(rand.New(rand.NewPCG(c.Seed, uint64(i/2))))
	if i%2 == 0 {
		return deals
	}
	return func(round int) (gin.Deck, gin.Seat) {
		d, first := deals(round)
		return d, first.Other()
	}
}

// playerSeed keys the players' own randomness apart from the deals.
const playerSeed = 0x9e3779b97f4a7c15

// Play plays game i of the match.
func (c *Config) Play(i int) (*Game, error) {
	var players [2]gin.Player
	for s, e := range c.Players {
		players[s] = e.New(rand.New(rand.NewPCG(c.Seed^playerSeed, uint64(2*i+s))))
	}
	rec, err := gin.PlayGame(c.dealer(i), players)
	if err != nil {
		return nil, fmt.Errorf("game %d (%s vs %s): %w", i, c.Players[0].Name, c.Players[1].Name, err)
	}
	return &Game{Index: i, Timestamp: c.Start + int64(i), Record: rec}, nil
}

// Run plays every game of the match on the configured workers and passes
// each finished game to sink, from several goroutines at once and in no
// particular order. It stops at the first error of a game or of sink, or
// when ctx is cancelled.
func Run(ctx context.Context, c Config, sink func(*Game) error) error {
	if c.Mirror && c.Games%2 != 0 {
		return fmt.Errorf("mirrored matches need an even number of games, not %d", c.Games)
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(c.Games, 1), MaxWorkers)
	g, ctx := errgroup.WithContext(ctx)
	next := make(chan int)
	for range workers {
		g.Go(func() (err error) {
			defer panics.Capture(&err)
			for i := range next {
				game, err := c.Play(i)
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
		for i := 0; i < c.Games; i++ {
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
