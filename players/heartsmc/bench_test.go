package heartsmc

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
)

// BenchmarkPlay times the Monte Carlo player's decisions in whole hands
// against three copies of bots.Voids, and reports their p99 and maximum
// (run it with -benchtime=2000x for about 2,000 hands).
func BenchmarkPlay(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	mc := New()
	var times []time.Duration
	timed := timer{mc, &times}
	b.ResetTimer()
	for i := range b.N {
		players := []hearts.Player{bots.Voids{}, bots.Voids{}, bots.Voids{}, bots.Voids{}}
		players[i%4] = timed
		deck := hearts.Shuffled(rng)
		if _, err := hearts.PlayHand(&deck, 1, players, [hearts.MaxPlayers]int{}); err != nil {
			b.Fatal(err)
		}
	}
	slices.Sort(times)
	if n := len(times); n > 0 {
		b.ReportMetric(float64(times[n*99/100].Microseconds()), "p99-µs")
		b.ReportMetric(float64(times[n-1].Microseconds()), "max-µs")
	}
}

// timer times the decisions of a player.
type timer struct {
	p     hearts.Player
	times *[]time.Duration
}

func (t timer) Play(v *hearts.View) gin.Card {
	start := time.Now()
	c := t.p.Play(v)
	*t.times = append(*t.times, time.Since(start))
	return c
}
