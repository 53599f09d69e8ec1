// Package gin is the rules engine of the Gin Rummy variant that the
// tournament server enforced (see RULES.md): cards in the server's notation,
// hands as 52-bit sets, melds, the optimal meld solver, scoring, and the round
// and game state machines that players plug into.
//
// The package is pure: it does no I/O and keeps no global state. Randomness
// comes in through a caller-supplied *rand.Rand so every deal is reproducible.
package gin

import (
	"fmt"
	"strings"
)

// Suit is one of the four suits, in the server's order S, C, D, H.
// The numeric values are persisted (card indexes, database enums): do not
// reorder.
type Suit uint8

// The suits, in the server's order.
const (
	Spades Suit = iota
	Clubs
	Diamonds
	Hearts
)

// NumSuits is the number of suits in the deck.
const NumSuits = 4

const suitLetters = "SCDH"

// String returns the suit's letter in the log notation: S, C, D or H.
func (s Suit) String() string {
	if s >= NumSuits {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return suitLetters[s : s+1]
}

// Rank is a card's rank, ace low. The numeric values are persisted: do not
// reorder.
type Rank uint8

// The ranks, ace low.
const (
	Ace Rank = iota
	Two
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
)

// NumRanks is the number of ranks in a suit.
const NumRanks = 13

var rankNames = [NumRanks]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}

// String returns the rank in the log notation: A, 2 ... 10, J, Q, K.
func (r Rank) String() string {
	if r >= NumRanks {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return rankNames[r]
}

// Points returns the rank's deadwood value: ace 1, two to ten face value,
// jack, queen and king 10.
func (r Rank) Points() int {
	if r >= Ten {
		return 10
	}
	return int(r) + 1
}

// Card is one of the 52 cards, numbered suit*13 + rank (SA is 0, HK is 51).
// The numbering is persisted: do not reorder.
type Card uint8

// NumCards is the number of cards in the deck.
const NumCards = NumSuits * NumRanks

// NewCard returns the card of the given suit and rank.
func NewCard(s Suit, r Rank) Card { return Card(uint8(s)*NumRanks + uint8(r)) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c / NumRanks) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c % NumRanks) }

// Points returns the card's deadwood value.
func (c Card) Points() int { return c.Rank().Points() }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c < NumCards }

// String returns the card in the log notation: suit letter then rank, as in
// SA, D10 or HJ.
func (c Card) String() string {
	if !c.Valid() {
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return cardNames[c]
}

var cardNames = func() (names [NumCards]string) {
	for c := Card(0); c < NumCards; c++ {
		names[c] = c.Suit().String() + c.Rank().String()
	}
	return names
}()

// ParseCard parses a card in the log notation (SA, D10, HJ). It is strict:
// upper case only, no spaces, and no T for ten, exactly as the server wrote
// them.
func ParseCard(s string) (Card, error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, &CardError{Token: s}
	}
	suit := strings.IndexByte(suitLetters, s[0])
	if suit < 0 {
		return 0, &CardError{Token: s}
	}
	for r, name := range rankNames {
		if s[1:] == name {
			return NewCard(Suit(suit), Rank(r)), nil
		}
	}
	return 0, &CardError{Token: s}
}

// suitCode and rankCode map a byte of the log notation to a suit or rank
// plus one (0: not a suit or rank). The ten is the only two-byte rank.
var suitCode, rankCode = func() (s, r [256]uint8) {
	for i, b := range []byte("SCDH") {
		s[b] = uint8(i) + 1
	}
	for i, b := range []byte("A23456789") {
		r[b] = uint8(i) + 1
	}
	r['J'], r['Q'], r['K'] = uint8(Jack)+1, uint8(Queen)+1, uint8(King)+1
	return s, r
}()

// DecodeCard reads a card in the log notation, as ParseCard does, but
// from bytes and without allocating.
func DecodeCard(b []byte) (Card, bool) {
	if len(b) < 2 || len(b) > 3 || suitCode[b[0]] == 0 {
		return 0, false
	}
	s := Suit(suitCode[b[0]] - 1)
	if len(b) == 3 {
		return NewCard(s, Ten), b[1] == '1' && b[2] == '0'
	}
	r := rankCode[b[1]]
	return NewCard(s, Rank(r-1)), r != 0
}

// CardError reports a token that is not a card.
type CardError struct {
	Token string
}

func (e *CardError) Error() string {
	return fmt.Sprintf("bad card %q", e.Token)
}
