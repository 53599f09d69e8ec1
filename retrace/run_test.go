package retrace

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
)

// TestRunWorkers: whatever the number of workers, Run passes sink the
// same results in the order of the games.
func TestRunWorkers(t *testing.T) {
	games, _ := play(t, "memory", "simple", 24)
	player := func(i int) gin.Player {
		p, err := bots.New("random", rand.New(rand.NewPCG(3, uint64(i))))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	run := func(workers int) []*Result {
		var got []*Result
		var finished atomic.Int64
		err := Run(context.Background(), games, Options{You: true, Workers: workers, Player: player, Finished: func() { finished.Add(1) }},
			func(i int, r *Result) error {
				if i != len(got) {
					t.Fatalf("%d workers: game %d passed after %d games", workers, i, len(got))
				}
				got = append(got, r)
				return nil
			})
		if err != nil {
			t.Fatalf("%d workers: %v", workers, err)
		}
		if n := finished.Load(); n != int64(len(games)) {
			t.Errorf("%d workers: Finished called %d times, want %d", workers, n, len(games))
		}
		return got
	}
	one := run(1)
	if len(one) != len(games) {
		t.Fatalf("%d results, want %d", len(one), len(games))
	}
	for _, workers := range []int{0, 3, 8, 100} {
		if got := run(workers); !reflect.DeepEqual(got, one) {
			t.Errorf("%d workers: the results differ from one worker's", workers)
		}
	}
}

// TestRunStops: an error of a game, of sink or of the context stops the
// run and is returned, the game's located.
func TestRunStops(t *testing.T) {
	games, _ := play(t, "memory", "simple", 12)
	player := func(int) gin.Player { return newPlayer(t, "simple") }
	games[5] = fromRecord(&gin.GameRecord{}, 42)
	games[5].Rounds = append(games[5].Rounds, games[4].Rounds[0])
	games[5].Rounds[0].Listed = nil
	err := Run(context.Background(), games, Options{You: true, Workers: 4, Player: player}, func(int, *Result) error { return nil })
	if !errors.Is(err, ErrNotListed) || !strings.HasPrefix(err.Error(), "game 42 (42): ") {
		t.Errorf("a game without its listed hands: %v, want ErrNotListed located as game 42 (42)", err)
	}

	stop := errors.New("enough")
	seen := 0
	err = Run(context.Background(), games[:5], Options{You: true, Workers: 2, Player: player}, func(i int, _ *Result) error {
		seen++
		if i == 2 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || seen != 3 {
		t.Errorf("sink's error: %v after %d games, want %v after 3", err, seen, stop)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Run(ctx, games, Options{You: true, Workers: 2, Player: player}, func(int, *Result) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run: %v, want context.Canceled", err)
	}
}
