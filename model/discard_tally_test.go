package model

import (
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// TestDiscardTallied checks DiscardTallied against Discard, bit for bit,
// for every discard and drawn card of random and meld-rich eleven-card
// hands (some with a card forbidden), drawn cards outside the hand
// included.
func TestDiscardTallied(t *testing.T) {
	hp := DefaultHandPolicy()
	for ph := range NumPhases {
		hp.BestDiscardRate[ph] = 0.7 + 0.05*float64(ph)
	}
	rng := rand.New(rand.NewPCG(3, 9))
	for i := range 3000 {
		var h gin.Hand
		if i%2 == 0 {
			for h.Len() < 11 {
				h = h.Add(gin.Card(rng.IntN(gin.NumCards)))
			}
		} else { // two suits' low ranks: runs and sets
			for h.Len() < 11 {
				h = h.Add(gin.Card(rng.IntN(2)*gin.NumRanks + rng.IntN(7)))
			}
		}
		var forbidden gin.Hand
		if i%3 == 0 {
			cards := h.Cards()
			forbidden = gin.HandOf(cards[rng.IntN(len(cards))])
		}
		dd := gin.BestDiscards(h, forbidden)
		tally := NewDiscardTally(&dd)
		stock := 1 + rng.IntN(31)
		for c := range gin.Card(gin.NumCards) {
			for _, drawn := range []gin.Card{gin.Card(rng.IntN(gin.NumCards)), h.Cards()[i%11]} {
				want := hp.Discard(&dd, c, drawn, stock)
				if got := hp.DiscardTallied(&tally, c, drawn, stock); got != want {
					t.Fatalf("%s (forbidden %s): DiscardTallied(%s, drawn %s) = %v, Discard %v", h, forbidden, c, drawn, got, want)
				}
			}
		}
	}
}
