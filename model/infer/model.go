package infer

import (
	"math/bits"

	"github.com/ginlog/ginlog/gin"
)

// Model is a validated Params laid out for prediction: one weight vector.
// It is read-only, so one Model may serve any number of trackers and
// goroutines.
type Model struct {
	w []float64
}

// NewModel checks p and returns its model.
func NewModel(p *Params) (*Model, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &Model{w: p.Vector()}, nil
}

// Scores sets z[i] to the score of pr.Cards[i]: the sum of its entries.
func (m *Model) Scores(pr *Problem, z []float64) {
	for i := range pr.Features {
		s := 0.0
		for _, k := range pr.Features[i] {
			s += m.w[k]
		}
		z[i] = s
	}
}

// Probabilities sets out[c], for every card c, to the probability that
// the opponent holds it under model m: 1 for the known cards, 0 for the
// cards seen elsewhere, the conditional Bernoulli inclusion probabilities
// (Marginals) of the cards' scores for the unseen ones. Before the
// opponent's first play its cards are a random deal: then every unseen
// card is equally likely, whatever the tables say.
func (t *Tracker) Probabilities(m *Model, out *[gin.NumCards]float64) {
	if t.oppPlays == 0 {
		t.Uniform(out)
		return
	}
	t.Problem(&t.problem)
	pr := &t.problem
	z := t.z[:len(pr.Cards)]
	m.Scores(pr, z)
	t.fill(pr, z, out)
}

// fill writes the probabilities of the cards given the unseen cards'
// scores z.
func (t *Tracker) fill(pr *Problem, z []float64, out *[gin.NumCards]float64) {
	clear(out[:])
	for h := t.known; h != 0; h &= h - 1 {
		out[lowest(h)] = 1
	}
	p := t.marginals[:len(pr.Cards)]
	Marginals(z, pr.Count, p)
	for i, c := range pr.Cards {
		out[c] = p[i]
	}
}

// Uniform sets out as Probabilities does for the uniform baseline: every
// unseen card has the same probability, the number of the opponent's
// cards not known divided by the number of unseen cards.
func (t *Tracker) Uniform(out *[gin.NumCards]float64) {
	clear(out[:])
	for h := t.known; h != 0; h &= h - 1 {
		out[lowest(h)] = 1
	}
	unseen := t.Unseen()
	if n := unseen.Len(); n > 0 {
		p := min(1, float64(t.Hidden())/float64(n))
		for h := unseen; h != 0; h &= h - 1 {
			out[lowest(h)] = p
		}
	}
}

// lowest returns the lowest card of a non-empty hand.
func lowest(h gin.Hand) gin.Card { return gin.Card(bits.TrailingZeros64(uint64(h))) }
