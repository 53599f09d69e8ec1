package model

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/model/infer"
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

// fixedViews holds seat 0's views, every third, over two games between
// baseline bots: the decisions checkComputed computes the inference at.
var fixedViews = sync.OnceValues(func() ([]gin.View, error) {
	var views []gin.View
	for i := range 2 {
		var players [2]gin.Player
		for s, name := range []string{"simple", "memory"} {
			p, err := bots.New(name, rand.New(rand.NewPCG(uint64(i), uint64(s))))
			if err != nil {
				return nil, err
			}
			players[s] = p
		}
		players[0] = recorder{Player: players[0], views: &views}
		if _, err := gin.PlayGame(gin.RandomDeals(rand.New(rand.NewPCG(uint64(i), 1))), players); err != nil {
			return nil, err
		}
	}
	var out []gin.View
	for i := 0; i < len(views); i += 3 {
		out = append(out, views[i])
	}
	return out, nil
})

// checkComputed checks what is computed from valid weights w alone: the
// draw model's chances, the hand policy's, the game values of the round
// points and the inference's probabilities and samples at fixed
// decisions (checkSection, section by section).
func checkComputed(t testing.TB, w *Weights) {
	t.Helper()
	for _, section := range []string{"draw_model", "hand_policy", "round_points", "inference"} {
		checkSection(t, w, section)
	}
}

// checkSection checks what is computed from one section of valid weights
// w (named as in the file; the other sections are only looked up): every
// chance is in [0, 1], every value a number, the inference's
// probabilities sum to the opponent's hidden cards and every sampled hand
// is one the opponent may hold.
func checkSection(t testing.TB, w *Weights, section string) {
	t.Helper()
	chance := func(what string, p float64) {
		t.Helper()
		if !(p >= 0 && p <= 1) {
			t.Fatalf("%s: chance %v", what, p)
		}
	}
	switch section {
	case "draw_model":
		x := make([]float64, NumDrawFeatures)
		knowns := []gin.Hand{0, gin.HandOf(gin.NewCard(gin.Spades, gin.Five), gin.NewCard(gin.Spades, gin.Six)),
			gin.HandOf(gin.NewCard(gin.Hearts, gin.King), gin.NewCard(gin.Clubs, gin.King), gin.NewCard(gin.Diamonds, gin.Two))}
		for c := gin.Card(0); c < gin.NumCards; c++ {
			for _, known := range knowns {
				for _, stock := range []int{gin.StockSize, 24, 0} {
					DrawFeatures(x, c, known, stock)
					chance("draw model", w.DrawModel.TakeProbability(x))
				}
			}
		}
	case "hand_policy":
		if hp := w.HandPolicy; hp != nil {
			for _, stock := range []int{gin.StockSize, 24, 0} {
				for rel := range NumTakeRelations {
					chance("hand policy take", hp.Take(rel, stock))
				}
				for dw := range NumKnockDeadwoods {
					chance("hand policy call", hp.Call(dw, stock))
				}
			}
		}
	case "round_points":
		if g := NewGameValue(w.RoundPoints); g != nil {
			for own := 0; own < GameTarget; own += 9 {
				for opp := 0; opp < GameTarget; opp += 9 {
					for _, net := range []int{-MaxRoundPoints, -25, -1, 0, 1, 25, MaxRoundPoints} {
						if v := g.Points(own, opp, net); !(math.Abs(v) <= 1/minSlope) {
							t.Fatalf("game value of %d points from %d-%d: %v", net, own, opp, v)
						}
					}
				}
			}
		}
	case "inference":
		if w.Inference != nil {
			checkInference(t, w.Inference)
		}
	}
}

// checkInference checks the probabilities and samples of valid inference
// parameters p at the fixed decisions.
func checkInference(t testing.TB, p *infer.Params) {
	t.Helper()
	m, err := infer.NewModel(p)
	if err != nil {
		t.Fatalf("valid weights, yet their inference model: %v", err)
	}
	views, err := fixedViews()
	if err != nil {
		t.Fatal(err)
	}
	var (
		tr    infer.Tracker
		s     infer.Sampler
		probs [gin.NumCards]float64
	)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range views {
		tr.Sync(&views[i])
		tr.Probabilities(m, &probs)
		unseen := tr.Unseen()
		sum := 0.0
		for c, q := range probs {
			if !(q >= 0 && q <= 1) {
				t.Fatalf("view %d: inference: chance %v", i, q)
			}
			if unseen.Has(gin.Card(c)) {
				sum += q
			}
		}
		hidden := min(tr.Hidden(), unseen.Len())
		if math.Abs(sum-float64(hidden)) > 1e-6 {
			t.Fatalf("view %d: the unseen cards' probabilities sum to %v, want %d", i, sum, hidden)
		}
		tr.Sampler(m, &s)
		for range 3 {
			h := s.Sample(rng)
			if h&tr.Known() != tr.Known() || h&^(unseen|tr.Known()) != 0 || h.Len() != tr.Known().Len()+hidden {
				t.Fatalf("view %d: sampled hand %v: known %v, unseen %v, %d hidden", i, h, tr.Known(), unseen, hidden)
			}
		}
	}
}
