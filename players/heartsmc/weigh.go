package heartsmc

// The habit weighting of the mc:PATH player (the contract is
// docs/hearts-mc.md, which the Haskell export follows bit for bit: a
// deal the view does not allow weighs 0, but Play never weighs one, since
// Resume fails first and the decision falls back to the policy, as the
// plain mc's does; the weights only pick the deals, by Resample, and the
// picked deals' points are summed in integers as the plain mc's are).

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/model/habits"
)

// Weight returns how likely the habits w make a sampled deal: the product,
// from 1.0 and left to right, over the view's plays by the other seats in
// play order (the finished tricks, then the current one), of the
// likelihood of each play that is a dump or a lead event
// (habits.Weights.Likelihood), each seat holding then what it holds in
// the deal plus every card it played at or after that play. It is 0 for
// a deal the view does not allow.
func Weight(w *habits.Weights, v *hearts.View, others [hearts.MaxPlayers]gin.Hand) float64 {
	_, weight, err := weigh(w, v, others)
	if err != nil {
		return 0
	}
	return weight
}

// Resample returns how many times systematic resampling picks each of
// the candidates, n picks in proportion to their weights, the offset u
// in [0, 1): with total the float64 sum of the weights in order (every
// weight counting 1 when that sum is not above 0), pick j (from 0) falls
// at t = (j + u) * total / n, computed in that order, and picks the first
// candidate whose running sum of weights, in candidate order, exceeds t
// (the last one when none does). A weight of 0 is never picked (but when
// all are).
func Resample(weights []float64, n int, u float64) []int {
	counts := make([]int, len(weights))
	if len(weights) == 0 {
		return counts
	}
	total := 0.0
	for _, w := range weights {
		total += w
	}
	weight := func(i int) float64 { return weights[i] }
	if !(total > 0) {
		total = float64(len(weights))
		weight = func(int) float64 { return 1 }
	}
	i, sum := 0, weight(0)
	for j := range n {
		t := (float64(j) + u) * total / float64(n)
		for sum <= t && i < len(weights)-1 {
			i++
			sum += weight(i)
		}
		counts[i]++
	}
	return counts
}

// weigh is Resume, multiplying the likelihoods of the other seats' plays
// on the way.
func weigh(w *habits.Weights, v *hearts.View, others [hearts.MaxPlayers]gin.Hand) (*hearts.HandState, float64, error) {
	weight := 1.0
	h, err := replay(v, others, func(h *hearts.HandState, c gin.Card, before gin.Hand) {
		if h.ToMove() != v.Seat {
			weight *= w.Likelihood(habits.Observe(h.Situation(), before, c))
		}
	})
	return h, weight, err
}
