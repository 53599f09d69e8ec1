package model

import (
	"math"

	"github.com/ginlog/ginlog/gin"
)

// Rank groups for the keep values.
const (
	RankLow  = iota
	RankMid         // 5-9
	RankHigh        // 10-K
	NumRankGroups
)

// RankGroupNames names the rank groups, as the weights file does.
var RankGroupNames = [NumRankGroups]string{"A-4", "5-9", "10-K"}

// RankGroup returns the rank group of r.
func RankGroup(r gin.Rank) int {
	switch {
	case r <= gin.Four:
		return RankLow
	case r <= gin.Nine:
		return RankMid
	}
	return RankHigh
}

// NumRelations counts the relation codes: a bit each for pair, run and gap.
const NumRelations = 8

// RelationNames names the relation codes, as the weights file does.
var RelationNames = [NumRelations]string{"isolated", "pair", "run", "pair+run", "gap", "pair+gap", "run+gap", "pair+run+gap"}

// CardRelation returns the relation code of card c to the other cards of
// h: bit 0 a card of its rank, bit 1 a card of its suit one rank away,
// bit 2 one two ranks away.
func CardRelation(c gin.Card, h gin.Hand) int {
	h = h.Remove(c)
	code := 0
	for s := gin.Suit(0); s < gin.NumSuits; s++ {
		if s != c.Suit() && h.Has(gin.NewCard(s, c.Rank())) {
			code |= 1
			break
		}
	}
	r := int(c.Rank())
	near := func(d int) bool {
		q := r + d
		return q >= 0 && q < gin.NumRanks && h.Has(gin.NewCard(c.Suit(), gin.Rank(q)))
	}
	if near(-1) || near(1) {
		code |= 2
	}
	if near(-2) || near(2) {
		code |= 4
	}
	return code
}

// NumDrawFeatures is the number of the draw model's features: the
// intercept, a rank one-hot, known_meld, known_combo and a phase one-hot
// without the first phase.
const NumDrawFeatures = 1 + gin.NumRanks + 2 + NumPhases - 1

// The positions of the draw model's features.
const (
	featureKnownMeld  = 1 + gin.NumRanks
	featureKnownCombo = 2 + gin.NumRanks
)

// DrawFeatureNames returns the names of the draw model's features, in
// order.
func DrawFeatureNames() []string {
	names := []string{"intercept"}
	for r := gin.Rank(0); r < gin.NumRanks; r++ {
		names = append(names, "rank_"+r.String())
	}
	names = append(names, "known_meld", "known_combo")
	for _, ph := range PhaseNames[1:] {
		names = append(names, "phase_"+ph)
	}
	return names
}

// DrawFeatures fills x (NumDrawFeatures long) with the features of card c
// offered to a player known to hold the cards in known, at a turn
// beginning with stockLeft.
func DrawFeatures(x []float64, c gin.Card, known gin.Hand, stockLeft int) {
	for i := range x {
		x[i] = 0
	}
	x[0] = 1
	x[1+int(c.Rank())] = 1
	switch {
	case known != 0 && gin.Deadwood(known.Add(c)) < gin.Deadwood(known)+c.Points():
		x[featureKnownMeld] = 1
	case known != 0 && CardRelation(c, known.Add(c)) != 0:
		x[featureKnownCombo] = 1
	}
	if ph := Phase(stockLeft); ph > 0 {
		x[featureKnownCombo+ph] = 1
	}
}

// TakeProbability is the draw model's chance that the opponent takes the
// card of features x (DrawFeatures): the logistic of the sum of the
// coefficients times the features.
func (d *DrawModel) TakeProbability(x []float64) float64 {
	z := 0.0
	for i, b := range d.Coefficients {
		z += b * x[i]
	}
	return Logistic(z)
}

// Logistic returns 1 / (1 + exp(-z)) in a form that neither overflows nor
// loses the small chances of a large negative z: in [0, 1] for every z but
// NaN.
func Logistic(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}
