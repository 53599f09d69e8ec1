package review

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
)

// Situation is what a decision was made in and what was played, in the
// words of a leak: the grouping of the losses (leaks.go).
type Situation struct {
	// Action is what was played: take or refuse (a draw), discard, or play
	// on, knock or Gin (a call).
	Action string
	// Context is the situation: for a draw, the face-up card's relation to
	// the hand and the phase of the round; for a discard, the card's place
	// in the hand and the best deadwood a discard could leave; for a call,
	// the best legal call and that deadwood.
	Context string
}

// The phases of a round, by the stock left when the turn begins.
const (
	earlyFloor  = 21 // 31 to 21 cards left: early
	middleFloor = 11 // 20 to 11: middle; 10 to 0: late
)

// phase names the phase of a turn beginning with stockLeft cards.
func phase(stockLeft int) string {
	switch {
	case stockLeft >= earlyFloor:
		return "early"
	case stockLeft >= middleFloor:
		return "in the middle of the round"
	}
	return "late"
}

// band names a deadwood band: Gin, a knock, or how far from one.
func band(dw int) string {
	switch {
	case dw == 0:
		return "0"
	case dw <= 5:
		return "1-5"
	case dw <= gin.KnockLimit:
		return "6-10"
	case dw <= 20:
		return "11-20"
	}
	return "21+"
}

// situations describes the decisions of turn t, by kind.
func situations(t *replay.Turn) [NumKinds]Situation {
	var out [NumKinds]Situation
	v, pl := t.View, t.Play
	hand := v.HandSet()

	top := v.Top
	with := gin.BestDiscards(hand.Add(top), gin.HandOf(top))
	rel := "that is unrelated to the hand"
	switch {
	case with.Whole() < gin.Deadwood(hand)+top.Points():
		rel = "that melds"
	case gin.Combo(hand, top):
		rel = "that makes a combination"
	}
	out[Draw] = Situation{Action: "refuse", Context: "a face-up card " + rel + ", " + phase(v.StockLeft)}
	if t.Pile == gin.DiscardPile {
		out[Draw].Action = "take"
	}

	eleven := hand.Add(pl.Drawn)
	d := gin.BestDiscards(eleven, gin.HandOf(pl.Drawn))
	best, _ := d.Best()
	a := gin.Arrange(eleven)
	role := "a loose deadwood card"
	switch {
	case !a.Deadwood.Has(pl.Discarded):
		role = "a card of a meld"
	case gin.Combo(a.Deadwood.Remove(pl.Discarded), pl.Discarded):
		role = "a deadwood card of a combination"
	}
	out[Discard] = Situation{Action: "discard", Context: role + ", best deadwood " + band(best)}

	call := "a legal knock at deadwood " + band(best)
	if best == 0 {
		call = "Gin"
	}
	out[Call] = Situation{Action: callAction(t.Call), Context: "with " + call + " available"}
	return out
}

// callAction names a call as an action.
func callAction(c gin.Call) string {
	switch c {
	case gin.Knock:
		return "knock"
	case gin.Gin:
		return "go Gin"
	}
	return "play on"
}

// pileAction names a draw as an action.
func pileAction(p gin.Pile) string {
	if p == gin.DiscardPile {
		return "take"
	}
	return "refuse"
}

// drawValue is the value of a draw judgement.
func drawValue(j Judgement) Value {
	p, b := &j.Options[j.Played], &j.Options[j.Best]
	return Value{Played: pileAction(p.Pile), Best: pileAction(b.Pile), Points: p.Points, BestPoints: b.Points,
		Win: p.Win, BestWin: b.Win, SE: j.SE, Deals: j.Deals}
}

// discardValues splits a discard judgement into the discard's value and,
// when more than one call was legal, the call's (ok): the call's loss is
// the best option's value less the best with the call played, the
// discard's that one's less the played option's.
func discardValues(j Judgement) (discard, call Value, ok bool) {
	p, b, s := &j.Options[j.Played], &j.Options[j.Best], &j.Options[j.Same]
	calls := 0
	var seen [3]bool
	for i := range j.Options {
		if o := &j.Options[i]; !seen[o.Call] {
			seen[o.Call] = true
			calls++
		}
	}
	discard = Value{Played: p.Card.String(), Best: s.Card.String(), Points: p.Points, BestPoints: s.Points,
		Win: p.Win, BestWin: s.Win, SE: j.SameSE, Deals: j.Deals}
	call = Value{Played: callAction(p.Call), Best: callAction(b.Call), Points: s.Points, BestPoints: b.Points,
		Win: s.Win, BestWin: b.Win, SE: j.CallSE, Deals: j.Deals}
	return discard, call, calls > 1
}
