package bots

import (
	"math/bits"
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
)

// The broken players are the simple player with one deliberate flaw each,
// a habit that costs points: they calibrate the review of one's play
// (ginlog review), which should name the habit as the player's biggest
// leak and price it as a paired simulation against simple measures it.
//
//	broken:never-knock   never knocks (it still calls Gin at 0)
//	broken:high-discard  always discards its highest card (never the card it drew)
//	broken:never-take    never takes the face-up card

// BrokenNames lists the broken players.
var BrokenNames = []string{"broken:never-knock", "broken:high-discard", "broken:never-take"}

// newBroken returns the named broken player, or nil for another name.
func newBroken(name string, rng *rand.Rand) gin.Player {
	switch name {
	case "broken:never-knock":
		return &Broken{Simple{rng: rng}, neverKnock}
	case "broken:high-discard":
		return &Broken{Simple{rng: rng}, highDiscard}
	case "broken:never-take":
		return &Broken{Simple{rng: rng}, neverTake}
	}
	return nil
}

// flaw is a broken player's habit.
type flaw int

const (
	neverKnock flaw = iota
	highDiscard
	neverTake
)

// Broken is the simple player with one flaw.
type Broken struct {
	Simple
	flaw flaw
}

// Draw is simple's draw; with never-take, always the stock.
func (p *Broken) Draw(v *gin.View) gin.Pile {
	if p.flaw == neverTake {
		return gin.StockPile
	}
	return p.Simple.Draw(v)
}

// Discard is simple's discard and call; with never-knock, its knocks are
// played on; with high-discard, it throws its highest card but the one
// drawn, and calls as simple would with what is left.
func (p *Broken) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	switch p.flaw {
	case neverKnock:
		c, call := p.Simple.Discard(v, drawn)
		if call == gin.Knock {
			call = gin.Drop
		}
		return c, call
	case highDiscard:
		h := v.HandSet()
		c := highestCard(h)
		return c, call(v, gin.Deadwood(h.Add(drawn).Remove(c)))
	}
	return p.Simple.Discard(v, drawn)
}

// highestCard returns the card of h of most points, the highest in card
// order among them.
func highestCard(h gin.Hand) gin.Card {
	best := gin.Card(bits.TrailingZeros64(uint64(h)))
	for x := uint64(h); x != 0; x &= x - 1 {
		if c := gin.Card(bits.TrailingZeros64(x)); c.Points() >= best.Points() {
			best = c
		}
	}
	return best
}
