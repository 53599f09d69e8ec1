package heartsmc

// The habit weighting of the mc:PATH player (the contract is
// docs/hearts-mc.md, which the Haskell export follows bit for bit: a
// deal the view does not allow weighs 0, but Play never weighs one, since
// Resume fails first and the decision falls back to the policy, as the
// plain mc's does; the float sums decide only when the total weight is
// not 0, the integer sums otherwise).

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

// resume is Resume, with the deal's weight under the player's habits (1
// without them).
func (p *Player) resume(v *hearts.View, others [hearts.MaxPlayers]gin.Hand) (*hearts.HandState, float64, error) {
	if p.Habits == nil {
		h, err := Resume(v, others)
		return h, 1, err
	}
	return weigh(p.Habits, v, others)
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
