package tuned

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/testweights"
	"github.com/ginlog/ginlog/model"
)

// TestPlaysAtTheEdges plays the tuned, sampled and rollout players (the
// rollouts with and without a pool of hands drawn again by weight) with
// weights whose every number lies at an edge of the range Validate
// allows it (testweights.Edges), read from their file, a game each
// against simple, and checks every chance and value they compute on the
// way (the hook observe): a number, and a chance in [0, 1].
func TestPlaysAtTheEdges(t *testing.T) {
	edges, err := testweights.Edges()
	if err != nil {
		t.Fatal(err)
	}
	small := DefaultRolloutConfig
	small.Samples, small.Pool = 8, 32
	noPool := small
	noPool.Pool = 0
	kinds := []struct {
		name string
		new  func(*model.Weights) (*Player, error)
		must string // a computation the hook must see
	}{
		{"tuned", func(w *model.Weights) (*Player, error) { return NewPlayer(w), nil }, "value: ahead"},
		{"sampled", NewSampledPlayer, "chance: inference"},
		{"rollout", func(w *model.Weights) (*Player, error) { return NewRolloutPlayer(w, small) }, "value: rollout"},
		{"rollout without a pool", func(w *model.Weights) (*Player, error) { return NewRolloutPlayer(w, noPool) }, "value: rollout"},
	}
	for ei, e := range edges {
		var b bytes.Buffer
		if err := e.W.Save(&b); err != nil {
			t.Fatal(err)
		}
		w, err := model.Read(&b, e.Name+".json")
		if err != nil {
			t.Fatal(err)
		}
		for ki, k := range kinds {
			t.Run(e.Name+"/"+k.name, func(t *testing.T) {
				p, err := k.new(w)
				if err != nil {
					t.Fatal(err)
				}
				seen := map[string]int{}
				p.observe = func(what string, v float64) {
					seen[what]++
					if math.IsNaN(v) || math.IsInf(v, 0) || strings.HasPrefix(what, "chance") && !(v >= -1e-9 && v <= 1+1e-9) {
						t.Fatalf("%s: %v", what, v)
					}
				}
				rng := rand.New(rand.NewPCG(uint64(ei), uint64(ki)))
				opp, err := bots.New("simple", rng)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{p, opp}); err != nil {
					t.Fatal(err)
				}
				if seen[k.must] == 0 {
					t.Errorf("the hook never saw %q, only %v", k.must, seen)
				}
			})
		}
	}
}
