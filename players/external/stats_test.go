package external

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
)

func TestPercentile(t *testing.T) {
	ms := func(vs ...int) []time.Duration {
		out := make([]time.Duration, len(vs))
		for i, v := range vs {
			out[i] = time.Duration(v) * time.Millisecond
		}
		return out
	}
	hundred := make([]int, 100) // 1 to 100 ms
	for i := range hundred {
		hundred[i] = i + 1
	}
	thousand := make([]int, 1000) // 1 to 1000 ms
	for i := range thousand {
		thousand[i] = i + 1
	}
	for _, tc := range []struct {
		name   string
		sorted []time.Duration
		pct    int
		want   time.Duration
	}{
		{"none", nil, 50, 0},
		{"one p50", ms(7), 50, 7 * time.Millisecond},
		{"one p99", ms(7), 99, 7 * time.Millisecond},
		{"two p50", ms(1, 9), 50, 1 * time.Millisecond},
		{"two p90", ms(1, 9), 90, 9 * time.Millisecond},
		{"four p50", ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{"five p50", ms(1, 2, 3, 4, 5), 50, 3 * time.Millisecond},
		{"five p90", ms(1, 2, 3, 4, 5), 90, 5 * time.Millisecond},
		{"ten p90", ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 90, 9 * time.Millisecond},
		{"ten p99", ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 99, 10 * time.Millisecond},
		{"hundred p50", ms(hundred...), 50, 50 * time.Millisecond},
		{"hundred p90", ms(hundred...), 90, 90 * time.Millisecond},
		{"hundred p99", ms(hundred...), 99, 99 * time.Millisecond},
		{"hundred p100", ms(hundred...), 100, 100 * time.Millisecond},
		{"thousand p99", ms(thousand...), 99, 990 * time.Millisecond},
		{"101 p99", ms(append(hundred, 500)...), 99, 100 * time.Millisecond},
		{"ties", ms(3, 3, 3, 3, 8), 50, 3 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := percentile(tc.sorted, tc.pct); got != tc.want {
				t.Errorf("percentile(%v, %d) = %v, want %v", tc.sorted, tc.pct, got, tc.want)
			}
		})
	}
}

// TestSummarise: the times come unsorted, as games record them.
func TestSummarise(t *testing.T) {
	var ts []time.Duration
	for i := 20000; i >= 1; i-- { // 20,000 decisions of 1 to 20,000 µs, in reverse
		ts = append(ts, time.Duration(i)*time.Microsecond)
	}
	got := summarise(ts)
	want := Times{Count: 20000, P50: 10 * time.Millisecond, P90: 18 * time.Millisecond, P99: 19800 * time.Microsecond, Max: 20 * time.Millisecond}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if got := summarise(nil); got != (Times{}) {
		t.Errorf("no decisions: got %+v, want zeros", got)
	}
}

// counting is a seat that counts the decisions asked of the bot and the
// longest memory it returned, besides the pool's own record.
type counting struct {
	*Player
	kinds     [len(Kinds)]int
	maxMemory int
}

func (c *counting) Draw(v *gin.View) gin.Pile {
	c.kinds[0]++
	defer func() { c.maxMemory = max(c.maxMemory, c.Memory().Chars()) }()
	return c.Player.Draw(v)
}

func (c *counting) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	c.kinds[1]++
	defer func() { c.maxMemory = max(c.maxMemory, c.Memory().Chars()) }()
	return c.Player.Discard(v, drawn)
}

func (c *counting) Declare(v *gin.View) []gin.Meld {
	c.kinds[2]++
	return c.Player.Declare(v)
}

// TestPoolStatsCountEveryDecision plays games of the test bot, several at
// once, and finds every decision in the pool's stats: the counts by kind,
// the memories and the longest one (non-ASCII in odd-memory: characters,
// not bytes). The times themselves vary; only their order is checked.
func TestPoolStatsCountEveryDecision(t *testing.T) {
	for _, mode := range []string{"good", "odd-memory"} {
		t.Run(mode, func(t *testing.T) {
			pl := newPool(t, Options{Command: []string{botPath, mode}})
			var (
				mu    sync.Mutex
				total counting
			)
			t.Run("games", func(t *testing.T) {
				for g := range 8 {
					t.Run(fmt.Sprint(g), func(t *testing.T) {
						t.Parallel()
						c := &counting{Player: pl.Player()}
						if err := playSeat(t, c.Player, c, g); err != nil || c.Fault() != nil {
							t.Fatalf("game %d: %v, fault %v", g, err, c.Fault())
						}
						mu.Lock()
						for k, n := range c.kinds {
							total.kinds[k] += n
						}
						total.maxMemory = max(total.maxMemory, c.maxMemory)
						mu.Unlock()
					})
				}
			})
			s := pl.Stats()
			sum := 0
			for k, n := range total.kinds {
				if s.Kinds[k].Count != n {
					t.Errorf("%s: %d decisions recorded, want %d", Kinds[k], s.Kinds[k].Count, n)
				}
				sum += n
			}
			if s.All.Count != sum || sum == 0 {
				t.Errorf("%d decisions recorded, want %d", s.All.Count, sum)
			}
			if want := total.kinds[0] + total.kinds[1]; s.Memories != want {
				t.Errorf("%d memories recorded, want %d", s.Memories, want)
			}
			if s.MaxMemory != total.maxMemory {
				t.Errorf("longest memory %d characters, want %d", s.MaxMemory, total.maxMemory)
			}
			if a := s.All; a.P50 > a.P90 || a.P90 > a.P99 || a.P99 > a.Max || a.P50 <= 0 {
				t.Errorf("times out of order: %+v", a)
			}
			if s.Limit != DefaultTimeout {
				t.Errorf("limit %v, want %v", s.Limit, DefaultTimeout)
			}
		})
	}
}

// TestPoolStatsRejectedMemory: a memory over the limit is recorded, so
// that the longest memory shows how far over it was; the decision that
// got no reply (a timeout) is not counted.
func TestPoolStatsRejectedMemory(t *testing.T) {
	for _, tc := range []struct {
		mode      string
		decisions int
		maxMemory int
	}{
		{"memory", 3, 10001}, // pick, play, then a pick with a memory too long
		{"hang", 2, 2},       // pick, play ("n2"), then no reply
	} {
		t.Run(tc.mode, func(t *testing.T) {
			pl := newPool(t, Options{Command: []string{botPath, tc.mode}, Timeout: 200 * time.Millisecond})
			if p, _ := play(t, pl, 0); p.Fault() == nil {
				t.Fatal("no fault")
			}
			s := pl.Stats()
			if s.All.Count != tc.decisions || s.MaxMemory != tc.maxMemory {
				t.Errorf("%d decisions, longest memory %d, want %d and %d", s.All.Count, s.MaxMemory, tc.decisions, tc.maxMemory)
			}
		})
	}
}
