package bots

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// Voids plays Tracker's rules with what the tricks tell of the other
// hands: a player that did not follow the led suit holds none of it (it is
// void), so it may throw the queen of spades or hearts on whoever takes a
// trick of that suit. Like Tracker it rebuilds all it knows from the view.
//
//   - Leading, it avoids the suits some other player is void in, when it
//     has another; while the queen of spades is out and it holds none of
//     the queen, king and ace of spades, it leads its highest spade under
//     the queen to flush the queen out; otherwise it leads as Tracker does.
//   - Following a suit some later player is void in, when it cannot duck,
//     it takes the trick with its highest card of the suit (it takes it
//     anyway, and keeps its low cards); the queen it never plays so.
//   - Otherwise it plays as Tracker does.
type Voids struct{}

// VoidsOf returns, by seat, the suits each player is known to be void in:
// those it did not follow in this hand's finished tricks and the current
// one.
func VoidsOf(v *hearts.View) [hearts.MaxPlayers][gin.NumSuits]bool {
	var void [hearts.MaxPlayers][gin.NumSuits]bool
	for _, t := range v.Tricks {
		led := t.Cards[t.Leader].Suit()
		for s := range v.Players {
			if t.Cards[s].Suit() != led {
				void[s][led] = true
			}
		}
	}
	if len(v.Trick) > 0 {
		led := v.Trick[0].Suit()
		for i, c := range v.Trick {
			if c.Suit() != led {
				void[(v.Leader+i)%v.Players][led] = true
			}
		}
	}
	return void
}

// voidAfter reports whether a player still to play in the current trick
// (or, when leading, any other player) is known void in suit s.
func voidAfter(v *hearts.View, void *[hearts.MaxPlayers][gin.NumSuits]bool, s gin.Suit) bool {
	for i := len(v.Trick) + 1; i < v.Players; i++ {
		if void[(v.Seat+i-len(v.Trick))%v.Players][s] {
			return true
		}
	}
	return false
}

// Play implements hearts.Player.
func (Voids) Play(v *hearts.View) gin.Card {
	void := VoidsOf(v)
	if !v.Led {
		return voidsLead(v, &void)
	}
	led := v.Trick[0].Suit()
	suit := v.Legal & hearts.SuitCards(led)
	if suit != 0 && below(suit, winning(v)) == 0 && voidAfter(v, &void, led) {
		if take := suit.Remove(hearts.QueenOfSpades); take != 0 {
			return highest(take)
		}
	}
	return Tracker{}.Play(v)
}

// voidsLead chooses a lead: away from the suits others are void in, a
// spade to flush the queen, or Tracker's lead.
func voidsLead(v *hearts.View, void *[hearts.MaxPlayers][gin.NumSuits]bool) gin.Card {
	legal := v.Legal
	var safe gin.Hand
	for s := gin.Spades; s <= gin.Hearts; s++ {
		if !voidAfter(v, void, s) {
			safe |= legal & hearts.SuitCards(s)
		}
	}
	top := gin.HandOf(hearts.QueenOfSpades, gin.NewCard(gin.Spades, gin.King), gin.NewCard(gin.Spades, gin.Ace))
	spades := safe & hearts.SuitCards(gin.Spades)
	if out(v).Has(hearts.QueenOfSpades) && v.Held&top == 0 && spades != 0 {
		return highest(spades)
	}
	if safe != 0 && safe != legal {
		w := *v
		w.Legal = safe
		return Tracker{}.Play(&w)
	}
	return Tracker{}.Play(v)
}
