package gin

import (
	"fmt"
	"math/bits"
	"strings"
)

// Hand is a set of cards, one bit per card (bit i is Card(i)), so it uses the
// low 52 bits of the word. The zero value is the empty hand.
type Hand uint64

// FullDeck is the hand holding all 52 cards.
const FullDeck Hand = 1<<NumCards - 1

// HandOf returns the set of the given cards.
func HandOf(cards ...Card) Hand {
	var h Hand
	for _, c := range cards {
		h |= 1 << c
	}
	return h
}

// Has reports whether the hand holds c.
func (h Hand) Has(c Card) bool { return h&(1<<c) != 0 }

// Add returns the hand with c added.
func (h Hand) Add(c Card) Hand { return h | 1<<c }

// Remove returns the hand with c removed.
func (h Hand) Remove(c Card) Hand { return h &^ (1 << c) }

// Len returns the number of cards in the hand.
func (h Hand) Len() int { return bits.OnesCount64(uint64(h)) }

// Cards returns the cards of the hand in deck order (by suit, then rank).
func (h Hand) Cards() []Card {
	cards := make([]Card, 0, h.Len())
	for x := uint64(h); x != 0; x &= x - 1 {
		cards = append(cards, Card(bits.TrailingZeros64(x)))
	}
	return cards
}

// Points returns the total deadwood value of the cards in the hand: a
// table lookup per suit.
func (h Hand) Points() int {
	return int(rowPoints[h&suitRow]) + int(rowPoints[h>>NumRanks&suitRow]) +
		int(rowPoints[h>>(2*NumRanks)&suitRow]) + int(rowPoints[h>>(3*NumRanks)&suitRow])
}

// rowPoints[r] is the deadwood value of the ranks of one suit in the bits
// of r.
var rowPoints = func() (t [1 << NumRanks]uint8) {
	for r := range t {
		for x := uint64(r); x != 0; x &= x - 1 {
			t[r] += uint8(Rank(bits.TrailingZeros64(x)).Points())
		}
	}
	return t
}()

// String returns the cards in deck order separated by spaces, in the form
// ParseHand reads.
func (h Hand) String() string { return JoinCards(h.Cards(), " ") }

var cardPoints = func() (p [64]int) {
	for c := Card(0); c < NumCards; c++ {
		p[c] = c.Points()
	}
	return p
}()

// JoinCards writes cards in the log notation separated by sep.
func JoinCards(cards []Card, sep string) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// ParseCards parses cards separated by spaces, commas or semicolons (any
// mix, runs of separators count as one) and returns them in the order given.
// It rejects unknown tokens and repeated cards, naming the token.
func ParseCards(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == ',' || r == ';' || r == '\t'
	})
	cards := make([]Card, 0, len(fields))
	var seen Hand
	for _, f := range fields {
		c, err := ParseCard(f)
		if err != nil {
			return nil, err
		}
		if seen.Has(c) {
			return nil, fmt.Errorf("card %s appears twice", f)
		}
		seen = seen.Add(c)
		cards = append(cards, c)
	}
	return cards, nil
}

// ParseHand parses a hand as ParseCards does and returns it as a set.
func ParseHand(s string) (Hand, error) {
	cards, err := ParseCards(s)
	if err != nil {
		return 0, err
	}
	return HandOf(cards...), nil
}
