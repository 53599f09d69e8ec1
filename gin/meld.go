package gin

import (
	"fmt"
	"math/bits"
)

// Meld is a group of cards declared together: a set (3 or 4 cards of one
// rank) or a run (3 to 5 cards of one suit with consecutive ranks, aces low,
// no wrap-around). A Meld value is just its cards; Valid says whether they
// form a meld.
type Meld Hand

// MeldKind says whether a meld is a set or a run.
type MeldKind uint8

// The kinds of meld. Persisted: do not reorder.
const (
	NotAMeld MeldKind = iota
	Set
	Run
)

func (k MeldKind) String() string {
	switch k {
	case Set:
		return "set"
	case Run:
		return "run"
	}
	return "not a meld"
}

// Cards returns the meld's cards in rank order within each suit.
func (m Meld) Cards() []Card { return Hand(m).Cards() }

// Points returns the total value of the meld's cards.
func (m Meld) Points() int { return Hand(m).Points() }

// Kind returns Set or Run when the cards form a valid meld, NotAMeld
// otherwise.
func (m Meld) Kind() MeldKind {
	n := Hand(m).Len()
	if n < 3 || n > 5 || uint64(m)&^uint64(FullDeck) != 0 {
		return NotAMeld
	}
	low := Card(bits.TrailingZeros64(uint64(m)))
	if n <= 4 && m == Meld(rankMask(low.Rank())&Hand(m)) {
		return Set
	}
	// A run: n consecutive bits starting at low, all inside low's suit.
	run := Meld((uint64(1)<<n - 1) << low)
	if m == run && int(low.Rank())+n <= NumRanks {
		return Run
	}
	return NotAMeld
}

// Valid reports whether the cards form a set or a run.
func (m Meld) Valid() bool { return m.Kind() != NotAMeld }

// String returns the meld's cards separated by spaces.
func (m Meld) String() string { return Hand(m).String() }

// rankMask returns the four cards of rank r.
func rankMask(r Rank) Hand {
	return Hand(1|1<<NumRanks|1<<(2*NumRanks)|1<<(3*NumRanks)) << r
}

// DeclarationError reports a declared meld list that the engine rejects.
type DeclarationError struct {
	Meld   Meld   // the offending meld
	Reason string // what is wrong with it
}

func (e *DeclarationError) Error() string {
	return fmt.Sprintf("declared meld [%s]: %s", e.Meld, e.Reason)
}

// CheckDeclaration checks a declared meld list against a hand the way the
// tournament engine did: each meld valid, the melds disjoint, every meld card
// in the hand (the cards left over are the deadwood, so melds and deadwood
// cover the hand exactly). It does not check that the arrangement is optimal.
// It returns the declared deadwood.
func CheckDeclaration(hand Hand, melds []Meld) (int, error) {
	var used Hand
	for _, m := range melds {
		if !m.Valid() {
			return 0, &DeclarationError{Meld: m, Reason: "not a set of 3-4 or a run of 3-5"}
		}
		if extra := Hand(m) &^ hand; extra != 0 {
			return 0, &DeclarationError{Meld: m, Reason: fmt.Sprintf("%s not in the hand", extra)}
		}
		if both := Hand(m) & used; both != 0 {
			return 0, &DeclarationError{Meld: m, Reason: fmt.Sprintf("%s already in another meld", both)}
		}
		used |= Hand(m)
	}
	return (hand &^ used).Points(), nil
}
