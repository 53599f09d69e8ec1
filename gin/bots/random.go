package bots

import (
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
)

// Random is a uniformly random legal player. It draws from either pile with
// equal chance, discards any of its ten cards with equal chance (the drawn
// card is never among them), and then picks uniformly among the calls that
// are legal for the hand left: Drop always, Knock at deadwood 10 or less,
// Gin at 0, none on its first turn. It declares optimal melds, so its calls
// are always valid.
type Random struct{ rng *rand.Rand }

// Draw picks a pile at random.
func (p *Random) Draw(v *gin.View) gin.Pile {
	if p.rng.IntN(2) == 0 {
		return gin.StockPile
	}
	return gin.DiscardPile
}

// Discard picks a held card and a legal call at random.
func (p *Random) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	d := v.Hand[p.rng.IntN(len(v.Hand))]
	calls := []gin.Call{gin.Drop}
	if !v.FirstTurn() {
		dw := gin.Deadwood(v.HandSet().Remove(d).Add(drawn))
		if dw <= gin.KnockLimit {
			calls = append(calls, gin.Knock)
		}
		if dw == 0 {
			calls = append(calls, gin.Gin)
		}
	}
	return d, calls[p.rng.IntN(len(calls))]
}

// Declare declares optimal melds.
func (p *Random) Declare(v *gin.View) []gin.Meld { return optimalMelds(v) }
