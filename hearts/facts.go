package hearts

import "github.com/ginlog/ginlog/gin"

// Facts is what a legal hand shows once the player of every card is known:
// who led and took each trick, where the queen of spades went, when hearts
// broke, who shot or attempted the moon, and each seat's record. Seats and
// tricks count from 0 and 1 as elsewhere; -1 is "no seat" and 0 "no trick".
type Facts struct {
	Leader      int          // the seat that held the two of clubs
	Tricks      []TrickFacts // in play order
	Moon        int          // the seat that took every point card, or -1
	MoonAttempt int          // the seat that attempted the moon (see Analyse), or -1
	QueenTrick  int          // the trick of the queen of spades
	QueenBy     int          // the seat that played it
	QueenTo     int          // the seat that took it
	QueenDumped bool         // it was played by a seat that could not follow the led suit
	BrokenTrick int          // the first trick with a heart
	FirstHeart  int          // the seat that took that trick
	Seats       [MaxPlayers]SeatFacts
}

// TrickFacts is who led and who took one trick.
type TrickFacts struct {
	Leader, Winner int
}

// SeatFacts is one seat's record in a hand.
type SeatFacts struct {
	Taken          int // points taken in tricks, before the moon rule
	Tricks         int // tricks won
	Leads          int // tricks led
	LeadsOpen      int // leads after hearts broke while holding a heart and another suit
	HeartLeadsOpen int // of those, leads of a heart
	// Void is, by suit, the trick after which the seat held no card of
	// the suit: the trick of its last one, or 0 when it was dealt none.
	Void [gin.NumSuits]int
}

// MoonAttemptPoints is how many points a seat must have taken, and every
// point card played so far, for its hand to count as a moon attempt: the
// queen of spades and more than half of the hearts. (Taking the queen
// alone before any heart falls is common and no sign of an attempt.)
const MoonAttemptPoints = 20

// Analyse returns the facts of a hand of n seats given as each trick's
// card by seat, which must be a legal deal of the whole deck (a hand that
// CheckHand finds a deal). A seat attempted the moon when after some trick
// it had taken at least MoonAttemptPoints points and every point card
// played so far; at most one seat can.
func Analyse(n int, tricks [][MaxPlayers]gin.Card) Facts {
	f := Facts{Moon: -1, MoonAttempt: -1, QueenBy: -1, QueenTo: -1, FirstHeart: -1, Tricks: make([]TrickFacts, len(tricks))}
	var held [MaxPlayers]gin.Hand
	for _, t := range tricks {
		for s := range n {
			held[s] = held[s].Add(t[s])
		}
	}
	for s := range n {
		if held[s].Has(TwoOfClubs) {
			f.Leader = s
		}
	}
	leader, played, broken := f.Leader, 0, false
	for ti, cards := range tricks {
		t := Trick{Leader: leader, Cards: cards}
		led := cards[leader].Suit()
		lead := &f.Seats[leader]
		lead.Leads++
		if broken && held[leader]&HeartCards != 0 && held[leader]&^HeartCards != 0 {
			lead.LeadsOpen++
			if led == gin.Hearts {
				lead.HeartLeadsOpen++
			}
		}
		w := t.Winner(n)
		f.Tricks[ti] = TrickFacts{Leader: leader, Winner: w}
		for s := range n {
			c := cards[s]
			held[s] = held[s].Remove(c)
			if held[s]&SuitCards(c.Suit()) == 0 {
				f.Seats[s].Void[c.Suit()] = ti + 1
			}
			if c == QueenOfSpades {
				f.QueenTrick, f.QueenBy, f.QueenTo, f.QueenDumped = ti+1, s, w, c.Suit() != led
			}
		}
		p := t.Points(n)
		if !broken && t.hasHeart(n) {
			broken, f.BrokenTrick, f.FirstHeart = true, ti+1, w
		}
		played += p
		f.Seats[w].Taken += p
		f.Seats[w].Tricks++
		if f.MoonAttempt < 0 && f.Seats[w].Taken >= MoonAttemptPoints && f.Seats[w].Taken == played {
			f.MoonAttempt = w
		}
		leader = w
	}
	for s := range n {
		if f.Seats[s].Taken == MoonPoints {
			f.Moon = s
		}
	}
	return f
}

// hasHeart reports whether one of the trick's n cards is a heart.
func (t *Trick) hasHeart(n int) bool {
	for _, c := range t.Cards[:n] {
		if c.Suit() == gin.Hearts {
			return true
		}
	}
	return false
}
