package tuned

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// The play-outs of one decision meet the same hands again and again: every
// candidate discard is played against the same deals with the same random
// choices, so the opponent often draws the same cards into the same hand
// whatever the player discarded. memo remembers the last answers of the
// hand searches the play-outs ask, in tables indexed by a hash of the
// hand (a newer answer replaces an older one of the same index). An answer
// is a function of the hand alone, so the memo changes no decision, only
// the time they take.

// memoBits sets the size of the memo's tables: 1<<memoBits entries each.
const memoBits = 11

// memo holds the remembered answers.
type memo struct {
	solver    gin.Solver
	discards  [1 << memoBits]memoDiscard
	relations [1 << memoBits]memoRelation
}

// memoDiscard is the best discards of an eleven-card hand, the card drawn
// kept.
type memoDiscard struct {
	key   uint64 // the hand and the card drawn plus one (memoKey); 0: empty
	least int
	cards gin.Hand
}

// memoRelation is the take relation of a card to a ten-card hand of a
// given deadwood.
type memoRelation struct {
	key uint64 // the hand and the card plus one (memoKey); 0: empty
	dw  int
	rel int
}

// memoKey is the hand h with card c plus one above its 52 bits: never 0.
func memoKey(h gin.Hand, c gin.Card) uint64 { return uint64(h) | uint64(c+1)<<gin.NumCards }

// memoIndex is the table index of key.
func memoIndex(key uint64) uint64 { return key * 0x9e3779b97f4a7c15 >> (64 - memoBits) }

// bestDiscards is LeastDiscards(eleven, HandOf(drawn)), the same as
// BestDiscards(eleven, HandOf(drawn)).Best().
func (m *memo) bestDiscards(eleven gin.Hand, drawn gin.Card) (int, gin.Hand) {
	key := memoKey(eleven, drawn)
	e := &m.discards[memoIndex(key)]
	if e.key != key {
		least, cards := m.solver.LeastDiscards(eleven, gin.HandOf(drawn))
		*e = memoDiscard{key: key, least: least, cards: cards}
	}
	return e.least, e.cards
}

// takeRelation is takeRelation(c, h, dw).
func (m *memo) takeRelation(c gin.Card, h gin.Hand, dw int) int {
	if !gin.Combo(h, c) {
		return model.TakeNone // cheaper than the memo
	}
	key := memoKey(h, c)
	e := &m.relations[memoIndex(key)]
	if e.key != key || e.dw != dw {
		*e = memoRelation{key: key, dw: dw, rel: takeRelation(&m.solver, c, h, dw)}
	}
	return e.rel
}
