package habits

import (
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// Hand is a hand whose every card's player is known, as Fit counts it: the
// card each seat played in each trick, by seat, the seats playing in turn
// s, s+1, ... from each trick's leader (the holder of the two of clubs,
// then each trick's winner), and which seats' plays are counted.
type Hand struct {
	Players int
	Tricks  [][hearts.MaxPlayers]gin.Card
	Counted [hearts.MaxPlayers]bool
}

// Add replays hand h through the rules and counts the dump and lead
// events of its counted seats into w, with its plays in the provenance
// (not its hand: the caller counts hands and games). A hand the rules
// refuse changes nothing and is an error saying where.
func (w *Weights) Add(h *Hand) error {
	n := h.Players
	if !hearts.ValidPlayers(n) || len(h.Tricks) != hearts.TricksPerHand(n) {
		return fmt.Errorf("%d players, %d tricks: not a whole hand", n, len(h.Tricks))
	}
	var dealt [hearts.MaxPlayers]gin.Hand
	for _, t := range h.Tricks {
		for s := range n {
			dealt[s] = dealt[s].Add(t[s])
		}
	}
	state, err := hearts.NewHand(dealt[:n])
	if err != nil {
		return err
	}
	counts := *w
	var before gin.Hand
	for !state.Done() {
		s := state.ToMove()
		c := h.Tricks[len(state.Tricks())][s]
		if h.Counted[s] {
			counts.Provenance.Plays++
			counts.count(Observe(state.Situation(), before, c))
		}
		if err := state.Play(c); err != nil {
			return err
		}
		before = before.Add(c)
	}
	*w = counts
	return nil
}

// count adds one event to its table.
func (w *Weights) count(e Event) {
	if e.Table == NoEvent {
		return
	}
	t := w.table(e.Table)
	t.Opportunities[e.Mask]++
	t.Cases[e.Mask][e.Kind]++
}

// Events returns the events counted: the opportunities of both tables.
func (w *Weights) Events() (dumps, leads int) {
	for m := range NumMasks {
		dumps += w.Dump.Opportunities[m]
		leads += w.Lead.Opportunities[m]
	}
	return dumps, leads
}

// Fit counts hands into new weights, each hand counting once in
// provenance.hands; the error of a hand the rules refuse names its index.
func Fit(hands []Hand) (*Weights, error) {
	w := New()
	for i := range hands {
		if err := w.Add(&hands[i]); err != nil {
			return nil, fmt.Errorf("hand %d: %w", i+1, err)
		}
		w.Provenance.Hands++
	}
	return w, nil
}
