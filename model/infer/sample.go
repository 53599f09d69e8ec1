package infer

import (
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
)

// Sampler draws whole opponent hands from a model's distribution at one
// decision, for a player that plays determinised look-aheads: each hand is
// exactly the cards the opponent is known to hold plus as many of the
// unseen cards as it hides, the unseen ones drawn from the very
// conditional Bernoulli distribution whose inclusion probabilities
// Probabilities gives. So over many samples a card is held as often as
// Probabilities says, and every sample is a hand the opponent could hold.
//
// A Sampler is prepared by Tracker.Sampler and then draws any number of
// hands, each in time linear in the unseen cards; it holds no reference
// to the tracker.
type Sampler struct {
	known gin.Hand
	count int // the unseen cards a hand takes
	n     int
	cards [gin.NumCards]gin.Card
	odds  [gin.NumCards]float64
	// suf[i][k] is the elementary symmetric polynomial e_k of the odds of
	// cards i..n-1, for k up to count.
	suf [gin.NumCards + 1][gin.HandSize + 1]float64
	// take[i][k] is odds[i] suf[i+1][k-1], for k from 1 to count: card i
	// is taken, with k still to take, when a uniform draw times suf[i][k]
	// falls below it.
	take [gin.NumCards][gin.HandSize + 1]float64
}

// Sampler prepares s to draw the opponent's hand as the tracker stands,
// under model m; with m nil, or before the opponent's first play (when
// Probabilities gives the uniform), every set of unseen cards of the right
// size is equally likely.
func (t *Tracker) Sampler(m *Model, s *Sampler) {
	t.Problem(&t.problem)
	pr := &t.problem
	z := t.z[:len(pr.Cards)]
	if m == nil || t.oppPlays == 0 {
		clear(z)
	} else {
		m.Scores(pr, z)
	}
	s.prepare(t.known, pr.Cards, z, pr.Count)
}

// prepare sets s up for cards with scores z, count of which a hand takes.
func (s *Sampler) prepare(known gin.Hand, cards []gin.Card, z []float64, count int) {
	s.known = known
	s.n = min(len(cards), gin.NumCards)
	s.count = min(max(count, 0), s.n, gin.HandSize)
	copy(s.cards[:], cards[:s.n])
	top := topScore(z[:s.n])
	for i, v := range z[:s.n] {
		s.odds[i] = ScaledOdds(v, top)
	}
	k1 := s.count + 1
	row := &s.suf[s.n]
	clear(row[:k1])
	row[0] = 1
	for i := s.n - 1; i >= 0; i-- {
		next, row, o := &s.suf[i+1], &s.suf[i], s.odds[i]
		row[0] = 1
		take := &s.take[i]
		for k := 1; k < k1; k++ {
			row[k] = next[k] + o*next[k-1]
			take[k] = o * next[k-1]
		}
	}
}

// Sample draws one hand: the known cards and a set of the unseen ones of
// the size the opponent hides. Going through the unseen cards in order,
// each is taken with the probability that the set holds it given the
// choices so far: its odds times e_{r-1} of the cards after it, over e_r
// of it and the cards after it, r being the cards still to take.
func (s *Sampler) Sample(rng *rand.Rand) gin.Hand { return s.sample(nil, rng) }

// SamplePCG is Sample(rand.New(src)), the same hand from the same numbers,
// without calling src through an interface for every card.
func (s *Sampler) SamplePCG(src *rand.PCG) gin.Hand { return s.sample(src, nil) }

// sample is Sample, drawing its uniforms from src if it is not nil, as
// rand.Rand's Float64 does, else from rng.
func (s *Sampler) sample(src *rand.PCG, rng *rand.Rand) gin.Hand {
	h := s.known
	r := s.count
	for i := 0; i < s.n && r > 0; i++ {
		if r >= s.n-i {
			for ; i < s.n; i++ {
				h = h.Add(s.cards[i])
			}
			break
		}
		var u float64
		if src != nil {
			u = float64(src.Uint64()<<11>>11) / (1 << 53)
		} else {
			u = rng.Float64()
		}
		if u*s.suf[i][r] < s.take[i][r] {
			h = h.Add(s.cards[i])
			r--
		}
	}
	return h
}

// Known returns the cards every sample holds: those the opponent is known
// to hold.
func (s *Sampler) Known() gin.Hand { return s.known }
