package bots

import (
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
)

// Simple is the standard yardstick of Gin Rummy AI research (the "simple
// player" of the EAAI Gin Rummy challenge), adapted to these rules:
//
//   - it takes the face-up card only if that card then belongs to a meld in
//     its best arrangement, that is if melding it lowers the 11-card optimum
//     below the ten cards' optimum plus the card's value; otherwise it draws
//     from the stock;
//   - it discards a card that leaves the minimum deadwood, never the card it
//     drew, breaking ties at random;
//   - it calls Gin at 0 and knocks as soon as its deadwood is 10 or less
//     (never on its first turn);
//   - it declares optimal melds.
type Simple struct{ rng *rand.Rand }

// Draw takes the face-up card when it melds.
func (p *Simple) Draw(v *gin.View) gin.Pile {
	if melds(v.HandSet(), v.Top) {
		return gin.DiscardPile
	}
	return gin.StockPile
}

// melds reports whether c joins a meld in every best arrangement of h plus c.
func melds(h gin.Hand, c gin.Card) bool {
	return gin.Deadwood(h.Add(c)) < gin.Deadwood(h)+c.Points()
}

// Discard throws a card that leaves the least deadwood and calls as soon as
// it may.
func (p *Simple) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	d := gin.BestDiscards(v.HandSet().Add(drawn), gin.HandOf(drawn))
	dw, best := d.Best()
	return pickRandom(p.rng, best), call(v, dw)
}

// Declare declares optimal melds.
func (p *Simple) Declare(v *gin.View) []gin.Meld { return optimalMelds(v) }
