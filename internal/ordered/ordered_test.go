package ordered

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestOrder: whatever the workers and however long each item takes, sink
// sees every result once, in the order of the items; each worker's job
// is made once, on its worker, and no more workers start than the items,
// Workers and Max allow.
func TestOrder(t *testing.T) {
	for _, tc := range []struct{ workers, max, most int }{
		{0, 0, 40}, {1, 0, 1}, {3, 0, 3}, {8, 0, 8}, {100, 0, 40}, {8, 2, 2}, {0, 1, 1}, {2, 5, 2},
	} {
		workers := tc.workers
		var jobs, finished atomic.Int64
		var got []int
		newJob := func() func(int) (int, error) {
			jobs.Add(1)
			return func(i int) (int, error) {
				time.Sleep(time.Duration((i*7)%5) * time.Millisecond)
				return i * i, nil
			}
		}
		opts := Options{Workers: workers, Max: tc.max, Finished: func() { finished.Add(1) }}
		err := Run(context.Background(), 40, opts, newJob,
			func(i, r int) error {
				if i != len(got) || r != i*i {
					t.Fatalf("%d workers: item %d (%d) after %d items", workers, i, r, len(got))
				}
				got = append(got, r)
				return nil
			})
		if err != nil || len(got) != 40 || finished.Load() != 40 {
			t.Errorf("%d workers: %d results, %d finished, %v", workers, len(got), finished.Load(), err)
		}
		if n := jobs.Load(); n < 1 || n > int64(tc.most) {
			t.Errorf("%d workers, at most %d: %d jobs made, want 1 to %d", workers, tc.max, n, tc.most)
		}
	}
}

// TestStops: an error of a job or of sink, a cancelled context and a
// panic stop the run with that error.
func TestStops(t *testing.T) {
	bad := errors.New("bad item")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		job  func(i int) (int, error)
		sink func(i, r int) error
		want string
	}{
		{"job", context.Background(), func(i int) (int, error) {
			if i == 5 {
				return 0, bad
			}
			return i, nil
		}, func(int, int) error { return nil }, "bad item"},
		{"sink", context.Background(), func(i int) (int, error) { return i, nil },
			func(i, _ int) error {
				if i == 3 {
					return bad
				}
				return nil
			}, "bad item"},
		{"context", cancelled, func(i int) (int, error) { return i, nil }, func(int, int) error { return nil }, "context canceled"},
		{"panic", context.Background(), func(i int) (int, error) {
			if i == 2 {
				panic("item two")
			}
			return i, nil
		}, func(int, int) error { return nil }, "item two"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Run(tc.ctx, 20, Options{Workers: 2}, func() func(int) (int, error) { return tc.job }, tc.sink)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}
