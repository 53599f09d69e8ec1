package retrace

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/panics"
	"github.com/ginlog/ginlog/sim"
	"golang.org/x/sync/errgroup"
)

// Options configure Run.
type Options struct {
	You     bool                   // retrace the logged player's decisions, else its opponent's
	Workers int                    // games retraced at once; 0 means one per CPU; at most one per game and sim.MaxWorkers
	Player  func(i int) gin.Player // the player of games[i], a new one per game
	// Finished, when set, is called as each game is retraced, from
	// several goroutines at once and in no particular order: for a
	// progress bar.
	Finished func()
}

// Run retraces each of games through the player opts gives for it, several
// games at once, and passes the results to sink in the order of games, one
// call at a time: whatever the number of workers, sink sees the same
// results in the same order, provided each game's player depends on its
// index alone. It stops at the first error of a game (wrapped with the
// game's id and timestamp) or of sink, or when ctx is cancelled; a panic in
// a game is returned as an error carrying its stack.
func Run(ctx context.Context, games []*replay.Game, opts Options, sink func(i int, r *Result) error) error {
	return runOrdered(ctx, len(games), opts.Workers, opts.Finished, func(i int) (*Result, error) {
		g := games[i]
		res, err := Retrace(g, i, opts.You, opts.Player(i))
		if err != nil {
			return nil, fmt.Errorf("game %d (%d): %w", g.ID, g.LogTS, err)
		}
		return res, nil
	}, sink)
}

// runOrdered runs do on games 0 to n-1 on workers goroutines (0: one per
// CPU; at most one per game and sim.MaxWorkers), calling finished (when
// set) as each is done, and passes the results to sink in the order of
// the games, one call at a time: the machinery of Run and RunHearts.
func runOrdered[R any](ctx context.Context, n, workers int, finished func(), do func(i int) (R, error), sink func(i int, r R) error) error {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(n, 1), sim.MaxWorkers)
	g, ctx := errgroup.WithContext(ctx)
	next := make(chan int)
	done := make(chan result[R], workers)
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
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		g.Go(func() (err error) {
			defer wg.Done()
			defer panics.Capture(&err)
			return doEach(ctx, do, finished, next, done)
		})
	}
	go func() { wg.Wait(); close(done) }()
	g.Go(func() error { return inOrder(done, sink) })
	return g.Wait()
}

// result is the result of game i.
type result[R any] struct {
	i   int
	res R
}

// doEach runs do on the games whose indexes next gives, and sends their
// results to done.
func doEach[R any](ctx context.Context, do func(i int) (R, error), finished func(), next <-chan int, done chan<- result[R]) error {
	for i := range next {
		res, err := do(i)
		if err != nil {
			return err
		}
		if finished != nil {
			finished()
		}
		select {
		case done <- result[R]{i, res}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// inOrder passes the results done brings, in any order, to sink in the
// order of their indexes, holding those that come early.
func inOrder[R any](done <-chan result[R], sink func(i int, r R) error) error {
	early := map[int]R{}
	want := 0
	for r := range done {
		early[r.i] = r.res
		for {
			res, ok := early[want]
			if !ok {
				break
			}
			delete(early, want)
			if err := sink(want, res); err != nil {
				return err
			}
			want++
		}
	}
	return nil
}
