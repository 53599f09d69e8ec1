package sim

import (
	"context"
	"runtime"

	"github.com/ginlog/ginlog/internal/panics"
	"golang.org/x/sync/errgroup"
)

// runGames plays games 0 to n-1 with play on workers goroutines (0: one
// per CPU; at most one per game and MaxWorkers) and passes each to sink,
// from several goroutines at once and in no particular order: the
// machinery of every match, whatever its game. Each game must be
// reproducible from its index alone. It stops at the first error of a game
// or of sink, or when ctx is cancelled; a panic in a game is returned as
// an error carrying its stack.
func runGames[G any](ctx context.Context, n, workers int, play func(i int) (G, error), sink func(G) error) error {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(n, 1), MaxWorkers)
	g, ctx := errgroup.WithContext(ctx)
	next := make(chan int)
	for range workers {
		g.Go(func() (err error) {
			defer panics.Capture(&err)
			for i := range next {
				game, err := play(i)
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
		for i := range n {
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
