package model

import (
	"math/bits"

	"github.com/ginlog/ginlog/gin"
)

// DiscardTally holds the counts HandPolicy.Discard makes over the discards
// of one eleven-card hand, so that the chance of a discard can be had for
// each card the hand may have drawn without counting again.
type DiscardTally struct {
	dd          *gin.Discards
	least, next int // the least deadwood a discard leaves, and the next least
	nLeast      int // the discards leaving least
	nNext       int // the discards leaving next
	n           int // all the discards allowed
}

// NewDiscardTally counts the discards of dd, which must outlive the tally.
func NewDiscardTally(dd *gin.Discards) DiscardTally {
	t := DiscardTally{dd: dd, least: -1, next: -1}
	for x := uint64(dd.Allowed()); x != 0; x &= x - 1 {
		a, _ := dd.After(gin.Card(bits.TrailingZeros64(x)))
		t.n++
		switch {
		case t.least < 0 || a < t.least:
			t.least, t.nLeast, t.next, t.nNext = a, 1, t.least, t.nLeast
		case a == t.least:
			t.nLeast++
		case t.next < 0 || a < t.next:
			t.next, t.nNext = a, 1
		case a == t.next:
			t.nNext++
		}
	}
	return t
}

// DiscardTallied is Discard(t's hand, c, drawn, stockLeft), bit for bit.
func (hp *HandPolicy) DiscardTallied(t *DiscardTally, c, drawn gin.Card, stockLeft int) float64 {
	after, ok := t.dd.After(c)
	if !ok || c == drawn {
		return 0
	}
	least, best, others := t.least, t.nLeast, t.n-t.nLeast
	if a, ok := t.dd.After(drawn); ok { // drawn may not be discarded: uncount it
		switch {
		case a > least:
			others--
		case best > 1:
			best--
		default: // drawn alone left the least: c leaves at least next
			least, best, others = t.next, t.nNext, t.n-1-t.nNext
		}
	}
	beta := hp.BestDiscardRate[Phase(stockLeft)]
	if after == least {
		return beta / float64(best)
	}
	return (1 - beta) / float64(others)
}
