package train

import (
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model/infer"
)

// Target says whose hand is inferred: the hand of the player whose
// behaviour is modelled. The other side is the viewer, whose decisions
// are the samples.
type Target int

// The targets.
const (
	TargetOpp  Target = iota // the opponent's hand, seen by the logged player (the default)
	TargetYou                // the logged player's hand, seen by its opponent
	TargetBoth               // both, each seen by the other
)

// String names the target as the CLI's --who does: opp, you, both.
func (t Target) String() string {
	switch t {
	case TargetOpp:
		return "opp"
	case TargetYou:
		return "you"
	case TargetBoth:
		return "both"
	}
	return fmt.Sprintf("Target(%d)", int(t))
}

// predicts reports whether the hand of side (0 you, 1 opp) is inferred.
func (t Target) predicts(side int) bool {
	return t == TargetBoth || t == TargetOpp && side == 1 || t == TargetYou && side == 0
}

// ErrGame is wrapped by the errors of games that cannot be replayed: a
// card out of the deck, a hand that is not ten cards, or plays that
// contradict each other.
var ErrGame = errors.New("inconsistent game")

// decision is a sample: a viewer's tracker at the start of its turn, and
// the hand its opponent held then.
type decision struct {
	tracker *infer.Tracker
	hand    gin.Hand // the opponent's ten cards
	phase   int
}

// walk calls fn at every decision of g whose opponent's hand target
// infers, with the viewer's tracker brought up to that decision. It
// checks that the game is consistent with what the trackers know.
func walk(g *replay.Game, target Target, fn func(d *decision)) error {
	var tr [2]infer.Tracker
	for ri := range g.Rounds {
		r := &g.Rounds[ri]
		if err := checkRound(r); err != nil {
			return fmt.Errorf("game %d round %d: %w", g.ID, r.Number, err)
		}
		var hands [2]gin.Hand
		var have [2]bool
		for i := range r.Plays {
			p := &r.Plays[i]
			if s := sideOf(p); !have[s] {
				hands[s], have[s] = p.Hand.Remove(p.Drawn).Add(p.Discarded), true
			}
		}
		if !have[0] || !have[1] {
			continue // a round that ended before both sides played tells nothing
		}
		faceUp := r.Plays[0].Top
		for s := range tr {
			tr[s].Start(r.Number, faceUp, hands[s])
		}
		for i := range r.Plays {
			p := &r.Plays[i]
			a := sideOf(p)
			if target.predicts(1 - a) {
				t := &tr[a]
				t.SetHand(hands[a])
				opp := hands[1-a]
				if opp&t.Known() != t.Known() || opp&t.Seen() != 0 {
					return fmt.Errorf("game %d round %d ply %d: %w: the opponent's hand %v, but it is known to hold %v and not %v",
						g.ID, r.Number, i+1, ErrGame, opp, t.Known(), t.Seen())
				}
				fn(&decision{tracker: t, hand: opp, phase: infer.Phase(t.StockLeft())})
			}
			source := gin.StockPile
			if p.Drawn == p.Top {
				source = gin.DiscardPile
			}
			tr[a].Own(source, p.Top, p.Discarded)
			tr[a].SetHand(p.Hand)
			tr[1-a].Opponent(source, p.Top, p.Discarded)
			hands[a] = p.Hand
		}
	}
	return nil
}

// checkRound checks what the trackers rely on: every card in the deck,
// every hand of ten cards, the plays alternating, each hand following from
// the last by the play, and the top of the pile the last discard.
func checkRound(r *replay.Round) error {
	var hands [2]gin.Hand
	var have [2]bool
	last := -1
	for i := range r.Plays {
		p := &r.Plays[i]
		bad := func(format string, args ...any) error {
			return fmt.Errorf("ply %d: %w: %s", i+1, ErrGame, fmt.Sprintf(format, args...))
		}
		a := sideOf(p)
		switch {
		case !p.Top.Valid() || !p.Drawn.Valid() || !p.Discarded.Valid():
			return bad("a card out of the deck")
		case p.Hand&^gin.FullDeck != 0 || p.Hand.Len() != gin.HandSize:
			return bad("a hand of %d cards", p.Hand.Len())
		case a == last:
			return bad("the same player twice in a row")
		case i > 0 && p.Top != r.Plays[i-1].Discarded:
			return bad("the top of the pile %v is not the last discard %v", p.Top, r.Plays[i-1].Discarded)
		case !p.Hand.Has(p.Drawn) || p.Hand.Has(p.Discarded):
			return bad("the hand does not hold the drawn card, or still holds the discard")
		case have[a] && p.Hand != hands[a].Add(p.Drawn).Remove(p.Discarded):
			return bad("the hand does not follow from the last one")
		}
		hands[a], have[a], last = p.Hand, true, a
	}
	return nil
}
