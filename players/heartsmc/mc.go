// Package heartsmc is a Monte Carlo Hearts player (named mc on the
// command line). At each card it deals the unseen cards to the other
// seats at random, consistently with what the tricks showed (Deal: each
// seat its number of cards, none of a suit it did not follow), plays
// every legal card against each of those deals with the hand finished by
// a baseline policy in every seat, and plays the card whose hands score
// it the fewest points on average, the moon rule counted. It sees only
// the hearts.View, and its randomness is keyed on what the view shows
// (Key): the same view gets the same card, in any match, in any process,
// and in the Haskell export, which computes the same key.
package heartsmc

import (
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/model/habits"
)

// DefaultSamples is the deals a decision weighs when the player is not
// told otherwise: enough to keep its cards steady, few enough to decide in
// a few milliseconds.
const DefaultSamples = 24

// Candidates is how many deals per sample the mc:PATH player draws and
// weighs before it picks its samples among them by weight.
const Candidates = 4

// Player is the Monte Carlo player.
type Player struct {
	Samples int           // deals played out per decision
	Policy  hearts.Player // plays the hands out, in every seat
	// Habits, when not nil, picks the deals among Candidates times as
	// many by how likely the other seats' plays were under the habits
	// they count (Weight, Resample): the mc:PATH player. Nil is the plain
	// mc.
	Habits *habits.Weights
	pcg    rand.PCG
	rng    *rand.Rand
}

// New returns a Monte Carlo player playing its deals out with bots.Voids.
func New() *Player {
	p := &Player{Samples: DefaultSamples, Policy: bots.Voids{}}
	p.rng = rand.New(&p.pcg)
	return p
}

// Key keys a decision's randomness on what the framework shows the
// player: the cards it holds and every card of the hand played so far, in
// the order they were played. Seats do not enter it (the framework's
// player ids are not the simulator's seats), nor do the game's totals.
func Key(v *hearts.View) (uint64, uint64) {
	h := uint64(v.Held) * 0x9e3779b97f4a7c15
	mix := func(c gin.Card) { h = (h ^ (uint64(c) + 1)) * 0xbf58476d1ce4e5b9 }
	for _, t := range v.Tricks {
		for i := range v.Players {
			mix(t.Cards[(t.Leader+i)%v.Players])
		}
	}
	for _, c := range v.Trick {
		mix(c)
	}
	return h, uint64(len(v.Tricks))<<8 | uint64(len(v.Trick))
}

// Play implements hearts.Player: over the decision's deals (deals),
// each legal card is played out against each, and the card of least
// points summed over them is played, the first on a tie. A deal counts as
// many times as it was picked.
func (p *Player) Play(v *hearts.View) gin.Card {
	legal := v.Legal.Cards()
	if len(legal) == 1 {
		return legal[0]
	}
	p.pcg.Seed(Key(v))
	hands, counts, err := p.deals(v)
	if err != nil { // not a deal the view allows: the view is not a hand's
		return p.Policy.Play(v)
	}
	points := make([]int, len(legal))
	for k, h := range hands {
		if counts[k] == 0 {
			continue
		}
		for i, c := range legal {
			points[i] += counts[k] * p.playOut(h.Clone(), c, v)
		}
	}
	best := 0
	for i := range points {
		if points[i] < points[best] {
			best = i
		}
	}
	return legal[best]
}

// deals returns the hands a decision plays out, each with the times it
// counts. Without Habits: Samples deals (Deal), once each. With them:
// Candidates times Samples deals, each weighed by the habits (Weight),
// then Samples picks among them in proportion to their weights
// (Resample, its offset the next Float64). The error is a deal's the
// view does not allow.
func (p *Player) deals(v *hearts.View) ([]*hearts.HandState, []int, error) {
	if p.Habits == nil {
		hands, counts := make([]*hearts.HandState, p.Samples), make([]int, p.Samples)
		for k := range hands {
			h, err := Resume(v, Deal(v, p.rng))
			if err != nil {
				return nil, nil, err
			}
			hands[k], counts[k] = h, 1
		}
		return hands, counts, nil
	}
	m := Candidates * p.Samples
	hands, weights := make([]*hearts.HandState, m), make([]float64, m)
	for k := range hands {
		h, w, err := weigh(p.Habits, v, Deal(v, p.rng))
		if err != nil {
			return nil, nil, err
		}
		hands[k], weights[k] = h, w
	}
	return hands, Resample(weights, p.Samples, p.rng.Float64()), nil
}

// playOut plays c for the seat to move in h, then the rest of the hand
// with the policy in every seat, and returns the points the seat scores.
func (p *Player) playOut(h *hearts.HandState, c gin.Card, v *hearts.View) int {
	if err := h.Play(c); err != nil {
		return hearts.MoonPoints // never: c is legal
	}
	for !h.Done() {
		w := h.View(v.Hand, v.Totals)
		if err := h.Play(p.Policy.Play(&w)); err != nil {
			return hearts.MoonPoints // a policy that breaks a rule: count the worst
		}
	}
	points, _ := hearts.Score(v.Players, h.Taken())
	return points[v.Seat]
}

// Resume returns the hand in play that the view shows, the other seats
// holding others (by seat; the player's own is v.Held): the hands dealt
// rebuilt from what each holds and played, and every trick played again.
func Resume(v *hearts.View, others [hearts.MaxPlayers]gin.Hand) (*hearts.HandState, error) {
	return replay(v, others, nil)
}

// replay is Resume, calling seen, when it is not nil, before each play of
// the view with the hand in play as it stands before it, the card, and
// the cards played in the hand before it (the current trick's included).
func replay(v *hearts.View, others [hearts.MaxPlayers]gin.Hand, seen func(h *hearts.HandState, c gin.Card, before gin.Hand)) (*hearts.HandState, error) {
	n := v.Players
	dealt := others
	dealt[v.Seat] = v.Held
	for _, t := range v.Tricks {
		for s := range n {
			dealt[s] = dealt[s].Add(t.Cards[s])
		}
	}
	for i, c := range v.Trick {
		s := (v.Leader + i) % n
		dealt[s] = dealt[s].Add(c)
	}
	h, err := hearts.NewHand(dealt[:n])
	if err != nil {
		return nil, err
	}
	var before gin.Hand
	play := func(c gin.Card) error {
		if seen != nil {
			seen(h, c, before)
		}
		before = before.Add(c)
		return h.Play(c)
	}
	for _, t := range v.Tricks {
		for i := range n {
			if err := play(t.Cards[(t.Leader+i)%n]); err != nil {
				return nil, err
			}
		}
	}
	for _, c := range v.Trick {
		if err := play(c); err != nil {
			return nil, err
		}
	}
	return h, nil
}
