package replay

import "github.com/ginlog/ginlog/gin"

// Relation is how the face-up card relates to a hand.
type Relation string

// The relations, strongest first.
const (
	RelMeld  Relation = "meld"  // it joins a meld of every best arrangement of the hand plus it
	RelCombo Relation = "combo" // it makes a two-card combination with a held card (gin.Combo)
	RelNone  Relation = "none"
)

// Relations lists the relations in the order of the database's relation
// enum, which is persisted: do not reorder.
var Relations = []Relation{RelMeld, RelCombo, RelNone}

// Feature describes one play at the moment of the decision: only what the
// actor knew then (its hand, the top of the pile, the stock left), plus
// what the play itself shows (what was drawn and discarded), plus two
// labels that are outcomes of the play: whether it ended the round and
// whether the opponent took the discard next.
type Feature struct {
	Round     int
	Ply       int
	Seat      gin.Seat // the actor
	Turn      int      // the actor's turn in the round, from 1
	StockLeft int      // stock cards left when the turn began

	Top            gin.Card
	TopRelation    Relation // the top card's relation to the hand before the draw
	TopBest        int      // the least deadwood reachable by taking the top card
	TopImproves    bool     // taking the top card could lower the deadwood
	FromDiscard    bool     // the top card was taken
	DeadwoodBefore int      // the actor's ten cards before the play
	BestAfter      int      // the least deadwood reachable with the card drawn
	DeadwoodAfter  int      // the deadwood after the play
	Discarded      gin.Card
	DiscardDead    bool // the discard was deadwood in a best arrangement of the eleven cards
	DiscardBest    bool // the discard left the least deadwood possible
	CouldKnock     bool // a legal knock (10 or less, not the first turn) was available
	Last           bool // the play ended the round
	Fed            int8 // 1 if the opponent took the discard next, 0 if not, -1 if no next play
}

// feature computes play p's features; before is the actor's hand before
// the play and dwBefore its deadwood, turn its turn number and stockLeft the
// stock when it began.
func feature(r *Round, ply int, p *Play, before gin.Hand, dwBefore, turn, stockLeft int, last bool) Feature {
	f := Feature{
		Round: r.Number, Ply: ply, Seat: p.Seat, Turn: turn, StockLeft: stockLeft,
		Top: p.Top, Discarded: p.Discarded, FromDiscard: p.Drawn == p.Top, Last: last, Fed: -1,
	}
	f.DeadwoodBefore = dwBefore
	eleven := before.Add(p.Drawn)
	d := gin.BestDiscards(eleven, gin.HandOf(p.Drawn))
	f.BestAfter, _ = d.Best()
	if v, ok := d.After(p.Discarded); ok {
		f.DeadwoodAfter = v
	} else {
		f.DeadwoodAfter = gin.Deadwood(p.Hand)
	}
	f.DiscardBest = f.DeadwoodAfter == f.BestAfter
	if eleven.Has(p.Discarded) {
		f.DiscardDead = f.DeadwoodAfter+p.Discarded.Points() == d.Whole()
	}
	f.CouldKnock = ply > 2 && f.BestAfter <= gin.KnockLimit
	td := d
	if !f.FromDiscard {
		td = gin.BestDiscards(before.Add(p.Top), gin.HandOf(p.Top))
	}
	f.TopBest, _ = td.Best()
	f.TopImproves = f.TopBest < f.DeadwoodBefore
	f.TopRelation = relation(before, p.Top, td.Whole() < dwBefore+p.Top.Points())
	if !last {
		f.Fed = 0
		if next := r.Plays[ply]; next.Drawn == next.Top && next.Top == p.Discarded {
			f.Fed = 1
		}
	}
	return f
}

// relation returns how card c relates to hand h, given whether c melds
// (lowers the optimum of h plus c below that of h plus c's value).
func relation(h gin.Hand, c gin.Card, melds bool) Relation {
	switch {
	case melds:
		return RelMeld
	case gin.Combo(h, c):
		return RelCombo
	}
	return RelNone
}
