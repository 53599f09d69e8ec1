package bots

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// Simple is the rule-based yardstick: it leads its lowest card, follows
// with the highest card that still loses to the winning card (or its
// lowest when it cannot lose), and when it cannot follow suit it dumps the
// queen of spades, then its highest heart, then its highest card.
type Simple struct{}

// Play implements hearts.Player.
func (Simple) Play(v *hearts.View) gin.Card {
	legal := v.Legal
	if !v.Led {
		return lowest(legal)
	}
	led := v.Trick[0].Suit()
	if legal&hearts.SuitCards(led) != 0 {
		if duck := below(legal, winning(v)); duck != 0 {
			return highest(duck)
		}
		return lowest(legal)
	}
	return discard(legal)
}

// discard chooses a card to throw away when the player cannot follow suit:
// the queen of spades, then the highest heart, then the highest card.
func discard(legal gin.Hand) gin.Card {
	switch {
	case legal.Has(hearts.QueenOfSpades):
		return hearts.QueenOfSpades
	case legal&hearts.HeartCards != 0:
		return highest(legal & hearts.HeartCards)
	}
	return highest(legal)
}
