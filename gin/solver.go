package gin

import (
	"math"
	"math/bits"
)

// The solver works on the candidate melds of a hand: every set and run its
// cards can form. A search then branches on one card at a time (the lowest
// card that some still-possible meld uses): either that card stays deadwood,
// or it goes into one of the melds that contain it. The leaves are exactly
// the maximal arrangements, so the optimum is among them, and for an 11-card
// hand every discard's optimum is too (see bestDiscards).

// maxMelds bounds the candidate melds of a hand of up to 11 cards: a single
// suit of 11 cards has 9+8+7 runs and then no set, the worst case.
const maxMelds = 64

// candidates holds the melds a hand can form, as card masks with their value.
type candidates struct {
	n     int
	mask  [maxMelds]Hand
	value [maxMelds]int32
	// conflict[i] has bit j set when melds i and j share a card (i included).
	conflict [maxMelds]uint64
	// using[c] has bit i set when meld i holds card c.
	using [NumCards]uint64
}

// all returns the bit set of every candidate meld index.
func (cs *candidates) all() uint64 { return 1<<cs.n - 1 }

const suitRow = 1<<NumRanks - 1

// runStarts has the ranks a run of three can start at (ace to jack) in
// every suit.
const runStarts = (1<<(NumRanks-2) - 1) * (1 | 1<<NumRanks | 1<<(2*NumRanks) | 1<<(3*NumRanks))

// find lists every set and run in h: the runs suit by suit (of 3, then 4,
// then 5 cards), then the sets. It clears what it reads of cs, so a
// Solver's candidates serve hand after hand.
func (cs *candidates) find(h Hand) {
	cs.n = 0
	// The first cards of three-card runs, all suits at once, and then the
	// suits that have one, in order.
	all := uint64(h)
	for starts := all & (all >> 1) & (all >> 2) & runStarts; starts != 0; {
		base := bits.TrailingZeros64(starts) / NumRanks * NumRanks
		row := all >> base & suitRow
		r3 := starts >> base & suitRow
		starts &^= suitRow << base
		cs.addRuns(r3, 3, base)
		if r4 := r3 & (row >> 3); r4 != 0 {
			cs.addRuns(r4, 4, base)
			cs.addRuns(r4&(row>>4), 5, base)
		}
	}
	a, b := all&suitRow, all>>NumRanks&suitRow
	c, d := all>>(2*NumRanks)&suitRow, all>>(3*NumRanks)&suitRow
	three := a&b&(c|d) | c&d&(a|b)
	for x := three; x != 0; x &= x - 1 {
		r := Rank(bits.TrailingZeros64(x))
		set := h & rankMask(r)
		p := r.Points()
		if set.Len() == 4 {
			cs.add(set, 4*p)
			for y := uint64(set); y != 0; y &= y - 1 {
				cs.add(set&^Hand(y&-y), 3*p)
			}
			continue
		}
		cs.add(set, 3*p)
	}
	if cs.n == 0 {
		return
	}
	// The searches read using only for cards of some meld.
	var covered Hand
	for i := 0; i < cs.n; i++ {
		covered |= cs.mask[i]
	}
	for x := uint64(covered); x != 0; x &= x - 1 {
		cs.using[bits.TrailingZeros64(x)] = 0
	}
	for i := 0; i < cs.n; i++ {
		for x := uint64(cs.mask[i]); x != 0; x &= x - 1 {
			cs.using[bits.TrailingZeros64(x)] |= 1 << i
		}
	}
	for i := 0; i < cs.n; i++ {
		var conflict uint64
		for x := uint64(cs.mask[i]); x != 0; x &= x - 1 {
			conflict |= cs.using[bits.TrailingZeros64(x)]
		}
		cs.conflict[i] = conflict
	}
}

// union returns the cards of the melds in the index set fit.
func (cs *candidates) union(fit uint64) Hand {
	var u Hand
	for ; fit != 0; fit &= fit - 1 {
		u |= cs.mask[bits.TrailingZeros64(fit)]
	}
	return u
}

func (cs *candidates) addRuns(starts uint64, length, base int) {
	for x := starts; x != 0; x &= x - 1 {
		run := (uint64(1)<<length - 1) << bits.TrailingZeros64(x)
		cs.add(Hand(run<<base), int(rowPoints[run]))
	}
}

func (cs *candidates) add(m Hand, value int) {
	cs.mask[cs.n] = m
	cs.value[cs.n] = int32(value)
	cs.n++
}

// minSearch finds the arrangement of most melded value.
type minSearch struct {
	cs        candidates
	path      [maxMelds]uint8
	best      int // most melded value found
	bestPath  [maxMelds]uint8
	bestDepth int
	// enough is a melded value the search stops at once it has found it:
	// the whole hand's points (nothing can beat every card melded), or
	// less when only a bound matters (DeadwoodBelow).
	enough int
}

// run explores the arrangements that may still use the melds in fit, given
// the melded value so far and the depth of the path of chosen melds.
func (s *minSearch) run(fit uint64, melded, depth int) {
	if melded > s.best {
		s.best = melded
		s.bestDepth = depth
		copy(s.bestPath[:depth], s.path[:depth])
	}
	if s.best >= s.enough {
		return // the first arrangement this good is the one kept
	}
	union := s.cs.union(fit)
	if fit == 0 || melded+union.Points() <= s.best {
		return // a leaf, or nothing below can beat the best
	}
	low := union & -union
	lowCard := bits.TrailingZeros64(uint64(low))
	for x := fit & s.cs.using[lowCard]; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x)
		s.path[depth] = uint8(i)
		s.run(fit&^s.cs.conflict[i], melded+int(s.cs.value[i]), depth+1)
	}
	s.run(fit&^s.cs.using[lowCard], melded, depth)
}

// Deadwood returns the minimum deadwood of the hand over all arrangements of
// disjoint melds.
func Deadwood(h Hand) int {
	var s minSearch
	return s.deadwood(h)
}

func (s *minSearch) deadwood(h Hand) int {
	s.cs.find(h)
	total := h.Points()
	if s.cs.n == 0 {
		return total
	}
	s.best, s.bestDepth, s.enough = 0, 0, total
	s.run(s.cs.all(), 0, 0)
	return total - s.best
}

// DeadwoodBelow reports whether Deadwood(h) < bound. It searches only for
// an arrangement that good, and stops at the first.
func DeadwoodBelow(h Hand, bound int) bool {
	var s minSearch
	return s.below(h, bound)
}

func (s *minSearch) below(h Hand, bound int) bool {
	total := h.Points()
	if bound > total {
		return true // even with nothing melded
	}
	s.cs.find(h)
	if s.cs.n == 0 {
		return false
	}
	// The deadwood is below bound when the melded value is above total-bound.
	s.best, s.bestDepth = total-bound, 0
	s.enough = s.best + 1
	s.run(s.cs.all(), 0, 0)
	return s.best > total-bound
}

// Solver answers Deadwood, BestDiscards, LeastDiscards and DeadwoodBelow
// with scratch space of its own, which the package's functions make
// afresh for every hand: a loop over many hands saves that by keeping one
// Solver. The answers are the same. Not for concurrent use.
type Solver struct {
	discard discardSearch
	min     minSearch
	least   leastSearch
}

// BestDiscards is BestDiscards(h, forbidden).
func (s *Solver) BestDiscards(h, forbidden Hand) Discards { return s.discard.discards(h, forbidden) }

// Deadwood is Deadwood(h).
func (s *Solver) Deadwood(h Hand) int { return s.min.deadwood(h) }

// LeastDiscards is LeastDiscards(h, forbidden).
func (s *Solver) LeastDiscards(h, forbidden Hand) (int, Hand) { return s.least.find(h, forbidden) }

// DeadwoodBelow is DeadwoodBelow(h, bound).
func (s *Solver) DeadwoodBelow(h Hand, bound int) bool { return s.min.below(h, bound) }

// Arrangement is a way to lay out a hand: disjoint melds and the deadwood
// cards left over.
type Arrangement struct {
	Melds    []Meld
	Deadwood Hand
}

// Points returns the arrangement's deadwood value.
func (a Arrangement) Points() int { return a.Deadwood.Points() }

// Arrange returns an arrangement of h with the minimum deadwood. Among equal
// optima it returns the first one the search meets, which depends only on h.
func Arrange(h Hand) Arrangement {
	var s minSearch
	s.cs.find(h)
	s.enough = h.Points()
	s.run(s.cs.all(), 0, 0)
	a := Arrangement{Deadwood: h}
	for _, i := range s.bestPath[:s.bestDepth] {
		m := s.cs.mask[i]
		a.Melds = append(a.Melds, Meld(m))
		a.Deadwood &^= m
	}
	return a
}

// Discards holds, for a hand of 11 cards, the minimum deadwood left by each
// card that may be discarded.
type Discards struct {
	allowed Hand
	after   [NumCards]uint8
	whole   int // the minimum deadwood of the whole hand, before discarding
}

// BestDiscards computes, for every card of h not in forbidden, the minimum
// deadwood of h without that card. Pass the card just drawn as forbidden: it
// may not be discarded. h normally holds 11 cards, but any size works.
func BestDiscards(h, forbidden Hand) Discards {
	var s discardSearch
	return s.discards(h, forbidden)
}

// discards returns the answer of BestDiscards.
func (s *discardSearch) discards(h, forbidden Hand) Discards {
	s.d = Discards{allowed: h &^ forbidden}
	for x := uint64(s.d.allowed); x != 0; x &= x - 1 {
		s.d.after[bits.TrailingZeros64(x)] = 255
	}
	s.cs.find(h)
	s.total = h.Points()
	s.d.whole = s.total
	s.run(h, s.cs.all(), 0)
	return s.d
}

// Whole returns the minimum deadwood of the whole hand (all eleven cards,
// before the discard), which the same search finds.
func (d *Discards) Whole() int { return d.whole }

// After returns the minimum deadwood left by discarding c, and false if c may
// not be discarded.
func (d *Discards) After(c Card) (int, bool) {
	if !d.allowed.Has(c) {
		return 0, false
	}
	return int(d.after[c]), true
}

// Allowed returns the cards that may be discarded.
func (d *Discards) Allowed() Hand { return d.allowed }

// Best returns the lowest deadwood any allowed discard leaves and the cards
// that leave it. With no allowed card it returns -1 and the empty hand.
func (d *Discards) Best() (int, Hand) {
	best, cards := -1, Hand(0)
	for x := uint64(d.allowed); x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(x)
		v := int(d.after[c])
		switch {
		case best < 0 || v < best:
			best, cards = v, Hand(1)<<c
		case v == best:
			cards |= Hand(1) << c
		}
	}
	return best, cards
}

// discardSearch walks every maximal arrangement of an 11-card hand. A
// maximal arrangement of the hand without d is a leaf of the same walk (the
// branch that keeps d as deadwood reaches it), so recording, at each leaf,
// every uncovered card as a possible discard finds each discard's optimum.
type discardSearch struct {
	cs    candidates
	total int
	d     Discards // the answer
}

func (s *discardSearch) run(hand Hand, fit uint64, melded int) {
	if fit == 0 {
		// hand holds the cards outside the chosen melds.
		base := s.total - melded
		if base < s.d.whole {
			s.d.whole = base
		}
		for x := uint64(hand & s.d.allowed); x != 0; x &= x - 1 {
			c := bits.TrailingZeros64(x)
			if v := base - cardPoints[c]; v < int(s.d.after[c]) {
				s.d.after[c] = uint8(v)
			}
		}
		return
	}
	lowCard := bits.TrailingZeros64(uint64(s.cs.union(fit)))
	for x := fit & s.cs.using[lowCard]; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x)
		s.run(hand&^s.cs.mask[i], fit&^s.cs.conflict[i], melded+int(s.cs.value[i]))
	}
	s.run(hand, fit&^s.cs.using[lowCard], melded)
}

// LeastDiscards returns BestDiscards(h, forbidden).Best(): the least
// deadwood a discard of a card of h not in forbidden leaves, and the cards
// that leave it. It skips the arrangements that cannot leave that little.
func LeastDiscards(h, forbidden Hand) (int, Hand) {
	var s leastSearch
	return s.find(h, forbidden)
}

// leastSearch is discardSearch for the best discards only: each leaf
// offers its deadwood cards as discards, and a branch is cut when even
// melding all its candidate melds' cards and throwing the allowed card
// of most points would leave more deadwood than the least found.
type leastSearch struct {
	cs      candidates
	total   int
	allowed Hand
	least   int
	cards   Hand
}

func (s *leastSearch) find(h, forbidden Hand) (int, Hand) {
	s.allowed = h &^ forbidden
	if s.allowed == 0 {
		return -1, 0
	}
	s.cs.find(h)
	s.total = h.Points()
	s.least, s.cards = math.MaxInt, 0
	s.run(h, s.cs.all(), 0)
	return s.least, s.cards
}

func (s *leastSearch) run(hand Hand, fit uint64, melded int) {
	if fit == 0 {
		// The leaf's best discards are its deadwood cards of most points.
		free := hand & s.allowed
		if free == 0 {
			return
		}
		most := maxPoints(free)
		switch v := s.total - melded - most; {
		case v < s.least:
			s.least, s.cards = v, free&pointsMask[most]
		case v == s.least:
			s.cards |= free & pointsMask[most]
		}
		return
	}
	union := s.cs.union(fit)
	if s.total-melded-union.Points()-maxPoints(hand&s.allowed) > s.least {
		return // no leaf below ties the least
	}
	lowCard := bits.TrailingZeros64(uint64(union))
	for x := fit & s.cs.using[lowCard]; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x)
		s.run(hand&^s.cs.mask[i], fit&^s.cs.conflict[i], melded+int(s.cs.value[i]))
	}
	s.run(hand, fit&^s.cs.using[lowCard], melded)
}

// pointsMask[p] holds the cards worth p points.
var pointsMask = func() (t [11]Hand) {
	for c := range Card(NumCards) {
		t[c.Points()] |= Hand(1) << c
	}
	return t
}()

// maxPoints returns the most points of a card of h (0 for no card).
func maxPoints(h Hand) int {
	ranks := uint64(h|h>>NumRanks|h>>(2*NumRanks)|h>>(3*NumRanks)) & suitRow
	if ranks == 0 {
		return 0
	}
	return Rank(63 - bits.LeadingZeros64(ranks)).Points()
}
