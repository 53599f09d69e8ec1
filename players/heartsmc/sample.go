package heartsmc

import (
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
)

// tries bounds the attempts at a deal that respects every void before
// Deal ignores them: a dead end is rare, since the most constrained cards
// are dealt first.
const tries = 8

// Unseen returns the cards the player to move cannot see: neither its own
// nor played in this hand.
func Unseen(v *hearts.View) gin.Hand {
	return gin.FullDeck &^ v.Held &^ v.Played &^ gin.HandOf(v.Trick...)
}

// Needs returns how many cards each other seat holds now, by seat (0 for
// the player to move).
func Needs(v *hearts.View) [hearts.MaxPlayers]int {
	var need [hearts.MaxPlayers]int
	left := hearts.TricksPerHand(v.Players) - len(v.Tricks)
	for i := 1; i < v.Players; i++ {
		s := (v.Seat + i) % v.Players
		need[s] = left
		if i > v.Players-1-len(v.Trick) { // it has played to this trick
			need[s]--
		}
	}
	return need
}

// Deal draws the other seats' hands from the unseen cards, uniformly at
// random among the deals that give each seat its Needs and no seat a card
// of a suit it is known void in (bots.VoidsOf), as far as a few tries at
// such a deal find one; failing that, ignoring the voids.
func Deal(v *hearts.View, rng *rand.Rand) [hearts.MaxPlayers]gin.Hand {
	void := bots.VoidsOf(v)
	need := Needs(v)
	cards := Unseen(v).Cards()
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	// The cards of the suits most seats are void in go first.
	eligible := func(c gin.Card) int {
		n := 0
		for s := range v.Players {
			if need[s] > 0 && !void[s][c.Suit()] {
				n++
			}
		}
		return n
	}
	sortBy(cards, eligible)
	for range tries {
		if hands, ok := deal(cards, need, &void, v, rng); ok {
			return hands
		}
	}
	var none [hearts.MaxPlayers][gin.NumSuits]bool
	hands, _ := deal(cards, need, &none, v, rng)
	return hands
}

// deal gives each card in turn to a seat that still needs cards and is not
// void in its suit, chosen with odds in proportion to the cards it still
// needs; ok is false at a card no seat may take. Seats are counted from
// the one after the player to move, in the order of play, so that the
// deal depends on no seat numbering.
func deal(cards []gin.Card, need [hearts.MaxPlayers]int, void *[hearts.MaxPlayers][gin.NumSuits]bool, v *hearts.View, rng *rand.Rand) (hands [hearts.MaxPlayers]gin.Hand, ok bool) {
	n := v.Players
	for _, c := range cards {
		total := 0
		for s := range n {
			if !void[s][c.Suit()] {
				total += need[s]
			}
		}
		if total == 0 {
			return hands, false
		}
		k := rng.IntN(total)
		for i := 1; i <= n; i++ {
			s := (v.Seat + i) % n
			if void[s][c.Suit()] {
				continue
			}
			if k -= need[s]; k < 0 {
				hands[s] = hands[s].Add(c)
				need[s]--
				break
			}
		}
	}
	return hands, true
}

// sortBy orders cards by key, ascending, keeping the order of equal keys
// (an insertion sort: at most 39 cards).
func sortBy(cards []gin.Card, key func(gin.Card) int) {
	for i := 1; i < len(cards); i++ {
		for j := i; j > 0 && key(cards[j]) < key(cards[j-1]); j-- {
			cards[j], cards[j-1] = cards[j-1], cards[j]
		}
	}
}
