package habits

import (
	"math/bits"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// The tables an observed play counts in.
const (
	NoEvent = iota // neither a dump nor a lead of a trick after the first
	DumpEvent
	LeadEvent
)

// highSpades are the king and ace of spades.
var highSpades = gin.HandOf(gin.NewCard(gin.Spades, gin.King), gin.NewCard(gin.Spades, gin.Ace))

// Event is one observed play as the tables see it: which table, the mask
// of kinds among the player's legal cards, the kind played and how many
// legal cards are of that kind.
type Event struct {
	Table int // NoEvent, DumpEvent or LeadEvent
	Mask  int
	Kind  int
	Same  int // the legal cards of the kind played, the card itself included
}

// DumpKind returns the dump kind of card c, queenOut telling whether the
// queen of spades is still out (not played before c in the hand).
func DumpKind(c gin.Card, queenOut bool) int {
	switch {
	case c == hearts.QueenOfSpades:
		return KindQueen
	case queenOut && highSpades.Has(c):
		return KindHighSpade
	case c.Suit() == gin.Hearts:
		return KindHeart
	}
	return KindOther
}

// kindCards returns the cards of each kind in a table: for a dump given
// queenOut, for a lead the suits.
func kindCards(table int, queenOut bool) [NumKinds]gin.Hand {
	if table == LeadEvent {
		return [NumKinds]gin.Hand{hearts.SuitCards(gin.Spades), hearts.SuitCards(gin.Clubs),
			hearts.SuitCards(gin.Diamonds), hearts.SuitCards(gin.Hearts)}
	}
	queen := gin.HandOf(hearts.QueenOfSpades)
	high := gin.Hand(0)
	if queenOut {
		high = highSpades
	}
	return [NumKinds]gin.Hand{queen, high, hearts.HeartCards, gin.FullDeck &^ queen &^ high &^ hearts.HeartCards}
}

// Observe classifies the play of card c in situation sit (the player's
// cards before it, c included), before being the cards played in the hand
// before c, the current trick's included. A lead of a trick other than the
// hand's first is a LeadEvent, a card off the led suit a DumpEvent, every
// other play NoEvent. The legal cards are the rules' (hearts.Legal): a
// dump in a hand's first trick counts, its mask leaving out the point
// cards the rules forbid there. A king or ace of spades thrown after the
// queen fell is KindOther; the queen in the thrower's own hand is still
// out. (The spec's "Clarifications (Go side)" list these readings.)
func Observe(sit hearts.Situation, before gin.Hand, c gin.Card) Event {
	var table int
	switch {
	case sit.Leads && !sit.First:
		table = LeadEvent
	case !sit.Leads && c.Suit() != sit.Led:
		table = DumpEvent
	default:
		return Event{}
	}
	legal := hearts.Legal(sit)
	kinds := kindCards(table, !before.Has(hearts.QueenOfSpades))
	e := Event{Table: table, Kind: -1}
	for k, cards := range kinds {
		if legal&cards != 0 {
			e.Mask |= 1 << k
		}
		if cards.Has(c) {
			e.Kind, e.Same = k, (legal & cards).Len()
		}
	}
	return e
}

// table returns the weights' table of an event's kind.
func (w *Weights) table(kind int) *Table {
	if kind == LeadEvent {
		return &w.Lead
	}
	return &w.Dump
}

// Rate returns the rate of kind k under mask m (k in m) in t, computed
// exactly as the spec writes it, for the Haskell export to agree bit for
// bit: (cases[m][k] + 1) / (opportunities[m] + popcount(m)).
func (t *Table) Rate(m, k int) float64 {
	return (float64(t.Cases[m][k]) + 1) / (float64(t.Opportunities[m]) + float64(bits.OnesCount(uint(m))))
}

// Likelihood returns how likely the habits make the observed play e: 1 for
// a play that is no event, 0 for a kind outside the mask (a play that
// could not have happened), else the kind's rate over its legal cards,
// rate(m, k) / float64(e.Same).
func (w *Weights) Likelihood(e Event) float64 {
	if e.Table == NoEvent {
		return 1
	}
	if e.Kind < 0 || e.Mask&(1<<e.Kind) == 0 || e.Same == 0 {
		return 0
	}
	return w.table(e.Table).Rate(e.Mask, e.Kind) / float64(e.Same)
}
