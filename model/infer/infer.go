// Package infer estimates which cards the opponent holds from what a player
// has seen of the round: for every card, the probability that the opponent
// holds it.
//
// A Tracker follows a round from one seat, turn by turn (from a gin.View,
// or fed play by play), and keeps what that seat knows: its own hand, the
// discard pile, the cards the opponent took face up and still holds, and,
// for each card, how many of the opponent's refusals and discards concerned
// a card it melds with. A Model turns that into probabilities.
//
// The probabilities obey the constraints of the game exactly:
//
//   - a card the opponent took from the discard pile and has not discarded
//     since (a known card) has probability 1;
//   - a card the player holds, or that lies in the discard pile, has
//     probability 0;
//   - the probabilities of the other cards, the unseen ones, sum to the
//     number of the opponent's cards that are not known (its ten cards less
//     the known ones), and none exceeds 1.
//
// The construction: each unseen card c gets a score z(c), a sum of table
// entries looked up by the card's features (Params). Were the opponent's
// cards drawn independently, card c with odds exp(z(c)), the opponent's
// unknown cards would be a set S with P(S) proportional to the product of
// the odds of its cards; conditioning that on the set's size, which the
// player knows, gives the conditional Bernoulli distribution, whose
// inclusion probabilities (Marginals) are the card probabilities. They sum
// to the count and stay within [0, 1] by construction, with no capping, and
// the model is fitted by maximising that very likelihood (package train),
// so that what is fitted is what is predicted. With every table at zero the
// model is the uniform baseline: each unseen card has the count divided by
// the number of unseen cards. Before the opponent's first play the model
// is the uniform too: a random deal is all there is to know.
//
// Everything a model uses is simple enough to port to a bot in another
// language as tables plus a few lines: per card, counters of the
// opponent's refusals and discards of related cards, updated at each of
// its plays; a score that sums one entry of each table (see Params and
// Doc); and the conditional Bernoulli probabilities, two passes of
// elementary symmetric polynomials (Marginals).
//
// The package is pure: it imports gin and the standard library only, does
// no I/O besides reading and writing Params as JSON on an io.Reader or
// io.Writer, and its only package-level values are lookup tables built
// once and never changed.
package infer

import (
	"strconv"

	"github.com/ginlog/ginlog/gin"
)

// NumPhases is the number of phases of a round, by the stock left when the
// turn begins: 29-31, 26-28, 23-25, 19-22, 13-18 and 0-12 cards, the phases
// of the weights file (format 2).
const NumPhases = 6

// phaseFloors holds the least stock left of each phase.
var phaseFloors = [NumPhases]int{29, 26, 23, 19, 13, 0}

// Phase returns the phase of a turn beginning with stockLeft cards.
func Phase(stockLeft int) int {
	for ph, floor := range phaseFloors {
		if stockLeft >= floor {
			return ph
		}
	}
	return NumPhases - 1
}

// PhaseName names phase ph by its stock left, as "23-25".
func PhaseName(ph int) string { return phaseNames[ph] }

var phaseNames = func() [NumPhases]string {
	var names [NumPhases]string
	top := gin.StockSize
	for ph, floor := range phaseFloors {
		names[ph] = strconv.Itoa(floor) + "-" + strconv.Itoa(top)
		top = floor - 1
	}
	return names
}()

// Relation is how two different cards can share a meld.
type Relation uint8

// The relations. A card has three cards of its rank, and up to two at each
// distance in its suit.
const (
	SameRank Relation = iota // the same rank: a set
	Adjacent                 // the same suit, one rank apart: a run
	Gap                      // the same suit, two ranks apart: a run with the card between
	NumRelations
)

var relationNames = [NumRelations]string{"rank", "adjacent", "gap"}

// String names the relation: rank, adjacent or gap.
func (r Relation) String() string { return relationNames[r] }

// related[r][c] holds the cards in relation r to card c.
var related = func() (rel [NumRelations][gin.NumCards]gin.Hand) {
	for c := gin.Card(0); c < gin.NumCards; c++ {
		for s := gin.Suit(0); s < gin.NumSuits; s++ {
			if s != c.Suit() {
				rel[SameRank][c] = rel[SameRank][c].Add(gin.NewCard(s, c.Rank()))
			}
		}
		for d := 1; d <= 2; d++ {
			r := Adjacent + Relation(d-1)
			for _, q := range []int{int(c.Rank()) - d, int(c.Rank()) + d} {
				if q >= 0 && q < gin.NumRanks {
					rel[r][c] = rel[r][c].Add(gin.NewCard(c.Suit(), gin.Rank(q)))
				}
			}
		}
	}
	return rel
}()

// Related returns the cards in relation r to card c.
func Related(r Relation, c gin.Card) gin.Hand { return related[r][c] }

// setPairs[c] lists the three pairs of cards that make a set with card c,
// and runs[c] the pairs that make a run of three with it (up to three).
var setPairs, runs = func() (sets [gin.NumCards][3]gin.Hand, runs [gin.NumCards][]gin.Hand) {
	for c := gin.Card(0); c < gin.NumCards; c++ {
		mates := related[SameRank][c].Cards()
		sets[c] = [3]gin.Hand{gin.HandOf(mates[0], mates[1]), gin.HandOf(mates[0], mates[2]), gin.HandOf(mates[1], mates[2])}
		r := int(c.Rank())
		for low := max(0, r-2); low <= r && low+2 < gin.NumRanks; low++ {
			var m gin.Hand
			for q := low; q <= low+2; q++ {
				if q != r {
					m = m.Add(gin.NewCard(c.Suit(), gin.Rank(q)))
				}
			}
			runs[c] = append(runs[c], m)
		}
	}
	return sets, runs
}()
