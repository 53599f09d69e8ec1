package infer

import (
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
)

// recorder wraps a player and keeps a copy of every view it draws with.
type recorder struct {
	gin.Player
	views *[]gin.View
}

func (r recorder) Draw(v *gin.View) gin.Pile {
	*r.views = append(*r.views, v.Clone())
	return r.Player.Draw(v)
}

// recordViews returns seat 0's views over games between two baseline
// bots, in play order, so that a tracker synced along them is incremental.
func recordViews(tb testing.TB, games int) []gin.View {
	var views []gin.View
	for i := range games {
		var players [2]gin.Player
		for s, name := range []string{"simple", "memory"} {
			p, err := bots.New(name, rand.New(rand.NewPCG(uint64(i), uint64(s))))
			if err != nil {
				tb.Fatal(err)
			}
			players[s] = p
		}
		players[0] = recorder{Player: players[0], views: &views}
		if _, err := gin.PlayGame(gin.RandomDeals(rand.New(rand.NewPCG(uint64(i), 1))), players); err != nil {
			tb.Fatal(err)
		}
	}
	return views
}

var sinkProb float64

// BenchmarkDecision measures what a player pays at each decision: syncing
// its tracker with the view and computing the probabilities, beside the
// meld solver's best discard of the same eleven cards (hand and face-up
// card), which every player computes at every decision.
func BenchmarkDecision(b *testing.B) {
	views := recordViews(b, 20)
	m, err := NewModel(randomParams(b, 6))
	if err != nil {
		b.Fatal(err)
	}
	var out [gin.NumCards]float64
	b.Run("model", func(b *testing.B) {
		var tr Tracker
		for i := 0; b.Loop(); i++ {
			tr.Sync(&views[i%len(views)])
			tr.Probabilities(m, &out)
			sinkProb += out[i%gin.NumCards]
		}
	})
	b.Run("model-from-scratch", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			var tr Tracker
			tr.Sync(&views[i%len(views)])
			tr.Probabilities(m, &out)
			sinkProb += out[i%gin.NumCards]
		}
	})
	b.Run("filter", func(b *testing.B) {
		var tr Tracker
		for i := 0; b.Loop(); i++ {
			tr.Sync(&views[i%len(views)])
			tr.Filter(&out)
			sinkProb += out[i%gin.NumCards]
		}
	})
	b.Run("reference-best-discard", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			v := &views[i%len(views)]
			d := gin.BestDiscards(v.HandSet().Add(v.Top), gin.HandOf(v.Top))
			dw, _ := d.Best()
			sinkProb += float64(dw)
		}
	})
}

func BenchmarkMarginals(b *testing.B) {
	rng := rand.New(rand.NewPCG(8, 9))
	z := make([]float64, 36)
	for i := range z {
		z[i] = rng.NormFloat64()
	}
	out := make([]float64, len(z))
	for b.Loop() {
		sinkProb += Marginals(z, 10, out)
	}
}
