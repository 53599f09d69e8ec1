// Package ordered runs a job on items 0 to n-1 on several goroutines and
// hands the results on in the order of the items, whatever order they
// finish in: the pool under retrace's and review's workers, so that their
// output is the same with one worker or many.
package ordered

import (
	"context"
	"runtime"
	"sync"

	"github.com/ginlog/ginlog/internal/panics"
	"golang.org/x/sync/errgroup"
)

// Options configure Run.
type Options struct {
	// Workers is the number of goroutines (0: one per CPU), at most one
	// per item.
	Workers int
	// Max, when positive, is the most goroutines Workers may start,
	// whether it names them or means one per CPU.
	Max int
	// Finished, when set, is called as each item is done, from several
	// goroutines at once and in no particular order: for a progress bar.
	Finished func()
}

// Run starts the workers, each with its own job from newJob (called once
// per worker, on that worker: a job may keep state of its own, such as an
// evaluator, between the items it is given), runs a job on every item,
// and passes the results to sink in the order of the items, one call at a
// time. It stops at the first error of a job or of sink, or when ctx is
// cancelled; a panic in a job is returned as an error carrying its stack.
func Run[R any](ctx context.Context, n int, opts Options, newJob func() func(i int) (R, error), sink func(i int, r R) error) error {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if opts.Max > 0 {
		workers = min(workers, opts.Max)
	}
	workers = min(workers, max(n, 1))
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
			return each(ctx, newJob(), opts.Finished, next, done)
		})
	}
	go func() { wg.Wait(); close(done) }()
	g.Go(func() error { return inOrder(done, sink) })
	return g.Wait()
}

// result is the result of item i.
type result[R any] struct {
	i   int
	res R
}

// each runs job on the items whose indexes next gives, and sends their
// results to done.
func each[R any](ctx context.Context, job func(i int) (R, error), finished func(), next <-chan int, done chan<- result[R]) error {
	for i := range next {
		res, err := job(i)
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
