package tuned

import (
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// The rollout player weighs each hand the opponent may hold by the chance
// of its last play exactly (likelihood), and by the chance of each of its
// earlier plays of the round as if it had held that hand then: the hand
// has changed since by a card or two a turn, so each earlier play's
// chance is mixed with RolloutConfig.Soft. The pool of hands so weighed is
// then drawn again by weight (systematic resampling): the deals the
// candidates are played out against are equally weighted.

// histEvent is one of the opponent's earlier plays, weighed against a
// hand it may hold now.
type histEvent struct {
	card      gin.Card
	kind      histKind
	stockLeft int // the stock when its turn began
}

// histKind is what the opponent did with histEvent.card.
type histKind int

const (
	histTaken   histKind = iota // took it face up, and holds it still
	histRefused                 // drew from the stock instead of taking it
	histDiscard                 // discarded it
)

// history returns the events of the opponent's plays of the round before
// the play at index last, from the latest back.
func (s *rolloutState) history(v *gin.View, last int) []histEvent {
	ev := s.hist[:0]
	left := append(s.left[:0], make([]int, len(v.History))...)
	stock := v.StockLeft
	for i := len(v.History) - 1; i >= 0; i-- {
		if v.History[i].Source == gin.StockPile {
			stock++
		}
		left[i] = stock
	}
	var discarded gin.Hand // the opponent's discards after the play at hand
	for i := len(v.History) - 1; i >= 0; i-- {
		pl := v.History[i]
		if pl.Seat == v.Seat {
			continue
		}
		if i < last && pl.Top.Valid() { // not a face-up card the player never saw
			switch {
			case pl.Source != gin.DiscardPile:
				ev = append(ev, histEvent{pl.Top, histRefused, left[i]})
			case !discarded.Has(pl.Top):
				ev = append(ev, histEvent{pl.Top, histTaken, left[i]})
			}
		}
		if i < last {
			ev = append(ev, histEvent{pl.Discarded, histDiscard, left[i]})
		}
		discarded = discarded.Add(pl.Discarded)
	}
	s.hist, s.left = ev, left
	return ev
}

// historyWeight is how well ten-card hand h (of optimal deadwood dw)
// explains the events ev by the hand policy: a card taken and kept joins
// the rest of the hand as cards it takes do, a card refused does not as
// cards it refuses do, and a discard that melds with the hand was not one
// of the discards leaving the least deadwood. Each chance q counts as
// soft + (1-soft) q.
func (p *Player) historyWeight(ev []histEvent, h gin.Hand, dw int, soft float64) float64 {
	hp := p.w.HandPolicy
	w := 1.0
	for _, e := range ev {
		var q float64
		switch e.kind {
		case histTaken:
			rest := h.Remove(e.card)
			q = hp.Take(takeRelation(&p.solver, e.card, rest, p.solver.Deadwood(rest)), e.stockLeft)
		case histRefused:
			q = 1 - hp.Take(takeRelation(&p.solver, e.card, h, dw), e.stockLeft)
		case histDiscard:
			q = 1
			if takeRelation(&p.solver, e.card, h, dw) == model.TakeMeld {
				q = 1 - hp.BestDiscardRate[model.Phase(e.stockLeft)]
			}
		}
		w *= soft + (1-soft)*q
	}
	return w
}

// resample keeps RolloutConfig.Samples of the deals drawn, chosen by
// weight with one uniform draw (systematic resampling), each of weight 1.
func (s *rolloutState) resample() {
	total := 0.0
	for _, d := range s.deals {
		total += d.weight
	}
	n := s.cfg.Samples
	step := total / float64(n)
	u := s.rng.Float64() * step
	kept := s.kept[:0]
	acc := 0.0
	for _, d := range s.deals {
		acc += d.weight
		for u < acc && len(kept) < n {
			d.weight = 1
			kept = append(kept, d)
			u += step
		}
	}
	s.deals = append(s.deals[:0], kept...)
	s.kept = kept
}
