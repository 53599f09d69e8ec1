package bots

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// Tracker plays Simple's rules with a memory of the cards played this hand
// (the view's finished tricks and the current one). It keeps no state of
// its own: what it remembers it rebuilds from the view.
//
//   - Leading, it prefers a card that some card still out beats, lowest
//     first, and does not lead spades while it holds the king or ace and
//     the queen is out.
//   - Following, it ducks under the winning card when it can; when it
//     cannot, and it plays last to a trick without points, it takes it with
//     its highest card, keeping its low cards for later.
//   - Void in the led suit, it dumps the queen of spades, then the king and
//     ace of spades while the queen is out, then its highest heart, then
//     the highest card of its shortest suit.
type Tracker struct{}

// out returns the cards neither played nor in the player's hand.
func out(v *hearts.View) gin.Hand {
	return gin.FullDeck &^ v.Played &^ v.Held &^ gin.HandOf(v.Trick...)
}

// Play implements hearts.Player.
func (Tracker) Play(v *hearts.View) gin.Card {
	legal, rest := v.Legal, out(v)
	queenOut := rest.Has(hearts.QueenOfSpades)
	highSpades := gin.HandOf(gin.NewCard(gin.Spades, gin.King), gin.NewCard(gin.Spades, gin.Ace))
	if !v.Led {
		var safe gin.Hand // cards that a card still out beats
		for _, c := range legal.Cards() {
			if queenOut && c.Suit() == gin.Spades && v.Held&highSpades != 0 {
				continue
			}
			for _, d := range (rest & hearts.SuitCards(c.Suit())).Cards() {
				if hearts.Order(d) > hearts.Order(c) {
					safe = safe.Add(c)
					break
				}
			}
		}
		if safe != 0 {
			return lowest(safe)
		}
		return lowest(legal)
	}
	led := v.Trick[0].Suit()
	if legal&hearts.SuitCards(led) != 0 {
		if duck := below(legal, winning(v)); duck != 0 {
			return highest(duck)
		}
		if take := legal.Remove(hearts.QueenOfSpades); len(v.Trick) == v.Players-1 && trickPoints(v) == 0 && take != 0 {
			return highest(take)
		}
		return lowest(legal)
	}
	switch {
	case legal.Has(hearts.QueenOfSpades):
		return hearts.QueenOfSpades
	case queenOut && legal&highSpades != 0:
		return highest(legal & highSpades)
	case legal&hearts.HeartCards != 0:
		return highest(legal & hearts.HeartCards)
	}
	short := legal
	for s := gin.Spades; s <= gin.Hearts; s++ {
		if in := legal & hearts.SuitCards(s); in != 0 && in.Len() < short.Len() {
			short = in
		}
	}
	return highest(short)
}
