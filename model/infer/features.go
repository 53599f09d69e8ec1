package infer

import "github.com/ginlog/ginlog/gin"

// The tables of a model, in the order of the weight vector. Each unseen
// card looks up one entry per row of Lookups: its score z is their sum.
const (
	TableRank          = iota // [phase][rank]: the card's rank, by phase
	TableLive                 // [phase][lines]: the melds through the card still open (0-4), by phase
	TableKnown                // [relation][count]: the opponent's known cards related to the card
	TableRefused              // [relation][count]: the opponent's refusals of cards related to the card
	TableDiscarded            // [relation][count]: the opponent's discards of cards related to the card
	TableLast                 // [event][relation]: the card's relation to the last card the opponent refused, and discarded
	TableDiscardPoints        // [discard][points difference][lines]: the card's points against the opponent's last two discards', by open melds
	TableDiscardRank          // [rank difference][lines]: the card's rank against the opponent's last discard's, by open melds
	NumTables
)

// Counts are binned 0, 1, 2 or more; the known table has a fourth row for
// the melds of three the card completes with the known cards.
const (
	numCounts   = 3
	knownMeld   = int(NumRelations) // the known table's row of completed melds
	maxLive     = 4                 // a set and three runs
	numLiveBins = 3                 // open melds 0, 1, 2 or more, in the discard tables
	numDiffBins = 6                 // difference bins of the discard tables
	noLast      = 0                 // TableLast's column when there is no such event, or no relation
)

// diffBin returns the bin of a difference d of points or ranks between a
// card and a discard: -12..-4, -3..-1, 0, 1..3, 4..12, or the last bin
// when there is no such discard (ok false).
func diffBin(d int, ok bool) int {
	switch {
	case !ok:
		return numDiffBins - 1
	case d <= -4:
		return 0
	case d < 0:
		return 1
	case d == 0:
		return 2
	case d <= 3:
		return 3
	}
	return 4
}

// tableSpec describes a table: its JSON name, shape and meaning.
type tableSpec struct {
	name       string
	rows, cols int
	doc        string
}

var tables = [NumTables]tableSpec{
	TableRank:          {"rank", NumPhases, gin.NumRanks, "rank[phase][rank]: the card's rank (A..K), by phase"},
	TableLive:          {"live", NumPhases, maxLive + 1, "live[phase][n]: n = how many melds of three through the card (its set, and the up to three runs of its suit) have no card held by the player or in the discard pile, 0-4, by phase"},
	TableKnown:         {"known", int(NumRelations) + 1, numCounts, "known[relation][n]: n = how many of the opponent's known cards (taken face up, not discarded since) are of the card's rank (row 0), of its suit one rank away (row 1), two ranks away (row 2), and how many melds of three the card completes with them (row 3); n is 0, 1 or 2 and more"},
	TableRefused:       {"refused", int(NumRelations), numCounts, "refused[relation][n]: n = how many times this round the opponent drew from the stock instead of taking a face-up card of the card's rank (row 0), of its suit one rank away (row 1), two ranks away (row 2); 0, 1, 2 and more"},
	TableDiscarded:     {"discarded", int(NumRelations), numCounts, "discarded[relation][n]: n = how many of the opponent's discards this round were of the card's rank (row 0), of its suit one rank away (row 1), two ranks away (row 2); 0, 1, 2 and more"},
	TableLast:          {"last", 2, 1 + int(NumRelations), "last[event][relation]: the card's relation to the last card the opponent refused (row 0) and to its last discard (row 1): none (or no such event yet), rank, adjacent, gap"},
	TableDiscardPoints: {"discard_points", 2 * numDiffBins, numLiveBins, "discard_points[discard*6+difference][open]: the card's points less the points of the opponent's last discard (rows 0-5) and of the one before (rows 6-11), binned -9..-4, -3..-1, 0, 1..3, 4..9, no such discard, by open melds through the card (0, 1, 2 and more)"},
	TableDiscardRank:   {"discard_rank", numDiffBins, numLiveBins, "discard_rank[difference][open]: the card's rank less the rank of the opponent's last discard, binned -12..-4, -3..-1, 0, 1..3, 4..12, no discard yet, by open melds through the card (0, 1, 2 and more)"},
}

// offsets[t] is the index of table t's first weight in the weight vector.
var offsets = func() (off [NumTables + 1]int) {
	for t, spec := range tables {
		off[t+1] = off[t] + spec.rows*spec.cols
	}
	return off
}()

// The offsets of the tables in the weight vector, as constants for the
// features' arithmetic (TestLayout checks them against the tables).
const (
	offRank          = 0
	offLive          = offRank + NumPhases*gin.NumRanks
	offKnown         = offLive + NumPhases*(maxLive+1)
	offRefused       = offKnown + (int(NumRelations)+1)*numCounts
	offDiscarded     = offRefused + int(NumRelations)*numCounts
	offLast          = offDiscarded + int(NumRelations)*numCounts
	offDiscardPoints = offLast + 2*(1+int(NumRelations))
	offDiscardRank   = offDiscardPoints + 2*numDiffBins*numLiveBins
)

// NumWeights is the length of the weight vector: every table's entries,
// table after table, row after row.
const NumWeights = offDiscardRank + numDiffBins*numLiveBins

// Lookups is the number of table entries a card's score sums.
const Lookups = 17

// CardFeatures holds, for one card, the index in the weight vector of each
// entry its score sums.
type CardFeatures [Lookups]uint16
