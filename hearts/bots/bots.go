// Package bots holds baseline Hearts players. Each implements
// hearts.Player and sees only the hearts.View; package sim plays them in
// matches (sim.RunHearts), as it does the Gin bots.
//
// The players are named as on the command line:
//
//	random   a uniformly random legal player
//	simple   plays low, ducks under the winning card, and dumps the queen of
//	         spades and high hearts when it cannot follow suit
//	tracker  simple's rules with a memory of the cards played: it knows
//	         which cards are still out, leads where it cannot win, and
//	         sheds the high spades while the queen is out
//	voids    tracker's memory and what the tricks tell of the other hands:
//	         who is void in which suit; it leads away from those suits,
//	         flushes the queen with a spade under it, and takes a trick it
//	         cannot duck with its highest card when a later player is void
package bots

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// Names lists the baseline players.
var Names = []string{"random", "simple", "tracker", "voids"}

// New returns the named baseline player, drawing whatever randomness it
// needs from rng.
func New(name string, rng *rand.Rand) (hearts.Player, error) {
	switch name {
	case "random":
		return &Random{rng: rng}, nil
	case "simple":
		return Simple{}, nil
	case "tracker":
		return Tracker{}, nil
	case "voids":
		return Voids{}, nil
	}
	return nil, fmt.Errorf("unknown player %q: want one of %s", name, strings.Join(Names, ", "))
}

// Random plays a uniformly random legal card.
type Random struct {
	rng *rand.Rand
}

// Play implements hearts.Player.
func (p *Random) Play(v *hearts.View) gin.Card {
	cards := v.Legal.Cards()
	return cards[p.rng.IntN(len(cards))]
}

// lowest returns the lowest card of h in Hearts order (ace high), the first
// suit in deck order on a tie; h must not be empty.
func lowest(h gin.Hand) gin.Card {
	cards := h.Cards()
	best := cards[0]
	for _, c := range cards[1:] {
		if hearts.Order(c) < hearts.Order(best) {
			best = c
		}
	}
	return best
}

// highest returns the highest card of h in Hearts order; h must not be
// empty.
func highest(h gin.Hand) gin.Card {
	cards := h.Cards()
	best := cards[0]
	for _, c := range cards[1:] {
		if hearts.Order(c) > hearts.Order(best) {
			best = c
		}
	}
	return best
}

// below returns the cards of h that rank under c in c's suit.
func below(h gin.Hand, c gin.Card) gin.Hand {
	var out gin.Hand
	for _, d := range (h & hearts.SuitCards(c.Suit())).Cards() {
		if hearts.Order(d) < hearts.Order(c) {
			out = out.Add(d)
		}
	}
	return out
}

// winning returns the card winning the trick so far; v.Trick must not be
// empty.
func winning(v *hearts.View) gin.Card {
	led := v.Trick[0].Suit()
	w := v.Trick[0]
	for _, c := range v.Trick[1:] {
		if hearts.Beats(c, w, led) {
			w = c
		}
	}
	return w
}

// trickPoints returns the points in the trick so far.
func trickPoints(v *hearts.View) int {
	p := 0
	for _, c := range v.Trick {
		p += hearts.Points(c)
	}
	return p
}
