// Package testgames plays simulated matches for the tests and benchmarks
// that fit on games (model/infer/train) and yields their games in the
// replay's form, as ranging over logged games does. It lives apart from
// the model so that the model tree imports neither sim nor the players a
// match is played between.
package testgames

import (
	"context"
	"fmt"
	"iter"
	"runtime"
	"sync"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/sim"
)

// Simulated returns the games of match cfg as a sequence in the order of
// their index (game i has ID i), in the replay's form, seat 0 being the
// logged player. The games are played on cfg.Workers goroutines while the
// sequence is ranged over, a bounded window ahead of it, so a long match
// streams in bounded memory; stopping early stops the match. Ranging over
// the sequence again plays the match again, with the same games.
func Simulated(ctx context.Context, cfg sim.Config) iter.Seq2[*replay.Game, error] {
	return func(yield func(*replay.Game, error) bool) {
		workers := cfg.Workers
		if workers <= 0 {
			workers = runtime.NumCPU()
		}
		window := 4 * workers
		ctx, cancel := context.WithCancel(ctx)
		var (
			mu     sync.Mutex
			cond   = sync.NewCond(&mu)
			next   int
			ready  = map[int]*sim.Game{}
			done   bool
			runErr error
		)
		finished := make(chan struct{})
		go func() {
			defer close(finished)
			err := sim.Run(ctx, cfg, func(g *sim.Game) error {
				mu.Lock()
				defer mu.Unlock()
				for g.Index >= next+window && ctx.Err() == nil {
					cond.Wait()
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				ready[g.Index] = g
				cond.Broadcast()
				return nil
			})
			mu.Lock()
			done, runErr = true, err
			cond.Broadcast()
			mu.Unlock()
		}()
		defer func() {
			cancel()
			mu.Lock()
			cond.Broadcast()
			mu.Unlock()
			<-finished
		}()
		for i := range cfg.Games {
			mu.Lock()
			for ready[i] == nil && !done {
				cond.Wait()
			}
			g, err := ready[i], runErr
			delete(ready, i)
			next = i + 1
			cond.Broadcast()
			mu.Unlock()
			if g == nil {
				if err == nil {
					err = fmt.Errorf("simulation ended before game %d", i)
				}
				yield(nil, fmt.Errorf("simulate: %w", err))
				return
			}
			if !yield(fromRecord(int64(i), &g.Record), nil) {
				return
			}
		}
	}
}

// fromRecord turns a finished game of the engine into the replay's stored
// form with the given id, seat 0 being the logged player ("you").
func fromRecord(id int64, rec *gin.GameRecord) *replay.Game {
	g := replay.FromRecord(rec)
	g.ID = id
	return g
}
