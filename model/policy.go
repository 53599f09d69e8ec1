package model

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/ginlog/ginlog/gin"
)

// The relations of a face-up card to the hand of the player offered it,
// for the hand policy's take rates.
const (
	TakeMeld  = iota // it joins a meld of the hand's best arrangement
	TakeCombo        // otherwise, it is of the rank of a card of the hand or of its suit within two ranks
	TakeNone         // neither
	NumTakeRelations
)

// TakeRelationNames names the take relations, as the weights file does.
var TakeRelationNames = [NumTakeRelations]string{"meld", "combo", "none"}

// TakeRelation returns the relation of face-up card c to ten-card hand h.
func TakeRelation(c gin.Card, h gin.Hand) int {
	switch {
	case !gin.Combo(h, c):
		return TakeNone
	case gin.DeadwoodBelow(h.Add(c), gin.Deadwood(h)+c.Points()):
		return TakeMeld
	}
	return TakeCombo
}

// HandPolicyPrior is the weight, in samples, of the pooled prior that the
// hand policy's small cells are shrunk towards (see handPolicyDoc).
const HandPolicyPrior = 10

// HandPolicy describes how the modelled player plays given its real hand,
// which the logs show: what the inference cannot see, and what a
// look-ahead over the hands it may hold needs.
type HandPolicy struct {
	Doc       string                               `json:"doc"`
	Relations [NumTakeRelations]string             `json:"relations"`
	Phases    [NumPhases]string                    `json:"phases"`
	TakeRate  [NumTakeRelations][NumPhases]float64 `json:"take_rate"`
	// TakeSamples counts the offers behind each cell of TakeRate.
	TakeSamples [NumTakeRelations][NumPhases]int `json:"take_samples"`
	// CallRate[deadwood][phase] is the chance that the player calls (Gin
	// at 0, else Knock) when its optimal deadwood after the discard is
	// that much, on a turn where it may.
	CallRate    [NumKnockDeadwoods][NumPhases]float64 `json:"call_rate"`
	CallSamples [NumKnockDeadwoods][NumPhases]int     `json:"call_samples"`
	// BestDiscardRate[phase] is the share of its discards that left the
	// least deadwood the eleven cards allowed.
	BestDiscardRate    [NumPhases]float64 `json:"best_discard_rate"`
	BestDiscardSamples [NumPhases]int     `json:"best_discard_samples"`
}

// DefaultHandPolicy returns the rules' policy, what the defaults assume
// of an unknown opponent: it takes a face-up card that joins a meld and
// no other, and calls as soon as it may.
func DefaultHandPolicy() *HandPolicy {
	hp := &HandPolicy{Doc: handPolicyDoc, Relations: TakeRelationNames, Phases: PhaseNames}
	for ph := range NumPhases {
		hp.TakeRate[TakeMeld][ph] = 1
		hp.BestDiscardRate[ph] = 1
		for d := range hp.CallRate {
			hp.CallRate[d][ph] = 1
		}
	}
	return hp
}

// Discard returns the chance that the modelled player, holding the
// eleven cards of dd after drawing drawn, throws c: a discard that leaves
// the least deadwood is one of those chosen at random with the chance of
// BestDiscardRate, any other with the rest.
func (hp *HandPolicy) Discard(dd *gin.Discards, c, drawn gin.Card, stockLeft int) float64 {
	after, ok := dd.After(c)
	if !ok || c == drawn {
		return 0
	}
	least, best, others := math.MaxInt, 0, 0
	for x := uint64(dd.Allowed().Remove(drawn)); x != 0; x &= x - 1 {
		a, _ := dd.After(gin.Card(bits.TrailingZeros64(x)))
		switch {
		case a < least:
			least, others, best = a, others+best, 1
		case a == least:
			best++
		default:
			others++
		}
	}
	beta := hp.BestDiscardRate[Phase(stockLeft)]
	if after == least {
		return beta / float64(best)
	}
	return (1 - beta) / float64(others)
}

// Take returns the chance that the modelled player takes a face-up card
// of take relation rel at a turn beginning with stockLeft cards.
func (hp *HandPolicy) Take(rel, stockLeft int) float64 {
	return hp.TakeRate[rel][Phase(stockLeft)]
}

// Call returns the chance that the modelled player calls with optimal
// deadwood dw after its discard, at a turn beginning with stockLeft cards
// where it may call: 0 above the knock limit.
func (hp *HandPolicy) Call(dw, stockLeft int) float64 {
	if dw < 0 || dw > gin.KnockLimit {
		return 0
	}
	return hp.CallRate[dw][Phase(stockLeft)]
}

var handPolicyDoc = "How the modelled player (the fit's --who) plays given its real hand, which the logs show. " +
	"take_rate[relation][phase]: the share of face-up cards it took, by the card's relation to its ten cards: meld (it joins a " +
	"meld of their best arrangement: the optimal deadwood of the eleven cards is less than the ten's plus the card's points), " +
	"combo (otherwise, of the rank of one of its cards or of its suit within two ranks), none. " +
	"call_rate[deadwood][phase]: the share of its turns ending with optimal deadwood 0 to 10, where it could call (not its " +
	"first turn of the round), on which it called (Gin or Knock). " +
	"best_discard_rate[phase]: the share of its discards that left the least deadwood its eleven cards allowed. " +
	fmt.Sprintf("Small cells are shrunk towards a pooled prior: a cell is (cases + %[1]d q) / (samples + %[1]d), where q = "+
		"(cases_r + d) / (samples_r + 1) is the share of its row over all phases, d the default. ", HandPolicyPrior) +
	"The sampled player (sampled:PATH) plays the round out against hands the opponent may hold (drawn from the inference) with this policy. " +
	"Default: it takes the cards that meld, discards to its least deadwood, and calls as soon as it may."
