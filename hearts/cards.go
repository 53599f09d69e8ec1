// Package hearts is the rules engine of Hearts as the FIT2102 staff framework
// enforced it (seeds/hearts-handout.md, hearts/FORMAT.md): two or four
// players, the whole deck dealt, the holder of the two of clubs leading the
// first trick with it, following suit, no point card in the first trick
// (bleeding) and no heart lead before a heart has been played (breaking)
// unless the player has no other choice, the highest card of the led suit
// taking the trick, shooting the moon, and the game ending when a total
// reaches the limit with exactly one player lowest.
//
// Cards are gin.Card values (the same 52 cards in the same log notation); in
// Hearts the ace ranks high, which Order says. The package is pure: it does
// no I/O and keeps no global state, and randomness comes in through a
// caller-supplied *rand.Rand.
package hearts

import "github.com/ginlog/ginlog/gin"

// MaxPlayers is the number of seats of the largest game.
const MaxPlayers = 4

// The cards the rules name.
var (
	TwoOfClubs    = gin.NewCard(gin.Clubs, gin.Two)
	QueenOfSpades = gin.NewCard(gin.Spades, gin.Queen)
)

// The sets of cards the rules name.
var (
	HeartCards = SuitCards(gin.Hearts)
	PointCards = HeartCards.Add(QueenOfSpades) // the cards that score
)

// MoonPoints is what a hand's point cards are worth together, and what every
// other player scores when one takes them all.
const MoonPoints = 26

// ValidPlayers reports whether a game can have n players: 2 or 4.
func ValidPlayers(n int) bool { return n == 2 || n == 4 }

// TricksPerHand returns the number of tricks of a hand with n players: the
// whole deck is dealt, so 13 with four players and 26 with two.
func TricksPerHand(n int) int { return gin.NumCards / n }

// SuitCards returns the 13 cards of suit s.
func SuitCards(s gin.Suit) gin.Hand {
	return gin.Hand(1<<gin.NumRanks-1) << (uint(s) * gin.NumRanks)
}

// Points returns what card c scores: 1 for a heart, 13 for the queen of
// spades, 0 otherwise.
func Points(c gin.Card) int {
	switch {
	case c == QueenOfSpades:
		return 13
	case c.Suit() == gin.Hearts:
		return 1
	}
	return 0
}

// PointsOf returns what the cards of h score together.
func PointsOf(h gin.Hand) int {
	n := (h & HeartCards).Len()
	if h.Has(QueenOfSpades) {
		n += 13
	}
	return n
}

// Order returns the card's rank in Hearts order: 0 for the two up to 12 for
// the ace, which ranks high.
func Order(c gin.Card) int {
	return (int(c.Rank()) + gin.NumRanks - 1) % gin.NumRanks
}

// Beats reports whether card c takes card best in a trick led in suit led:
// c follows the led suit and ranks higher, or best does not follow it.
func Beats(c, best gin.Card, led gin.Suit) bool {
	if c.Suit() != led {
		return false
	}
	return best.Suit() != led || Order(c) > Order(best)
}
