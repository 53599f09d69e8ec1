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
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(len(games), 1), sim.MaxWorkers)
	g, ctx := errgroup.WithContext(ctx)
	next := make(chan int)
	done := make(chan result, workers)
	g.Go(func() error {
		defer close(next)
		for i := range games {
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
			return retraceEach(ctx, games, opts, next, done)
		})
	}
	go func() { wg.Wait(); close(done) }()
	g.Go(func() error { return inOrder(done, sink) })
	return g.Wait()
}

// result is the retrace of games[i].
type result struct {
	i   int
	res *Result
}

// retraceEach retraces the games whose indexes next gives, and sends
// their results to done.
func retraceEach(ctx context.Context, games []*replay.Game, opts Options, next <-chan int, done chan<- result) error {
	for i := range next {
		g := games[i]
		res, err := Retrace(g, i, opts.You, opts.Player(i))
		if err != nil {
			return fmt.Errorf("game %d (%d): %w", g.ID, g.LogTS, err)
		}
		if opts.Finished != nil {
			opts.Finished()
		}
		select {
		case done <- result{i, res}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// inOrder passes the results done brings, in any order, to sink in the
// order of their indexes, holding those that come early.
func inOrder(done <-chan result, sink func(i int, r *Result) error) error {
	early := map[int]*Result{}
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
