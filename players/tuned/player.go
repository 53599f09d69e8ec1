// Package tuned holds the data-tuned Gin Rummy player and the two players
// built on it that play their decisions out against opponent hands drawn
// from the inference model: the sampled player (sampled.go) and the
// rollout player (rollout.go, rollout_history.go). They play with the
// weights ginlog fit writes, whose format package model defines; like
// it, they import no os, no database and no cgo, so a Go bot links them
// without DuckDB.
package tuned

import (
	"fmt"
	"math"
	"math/bits"
	"sort"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer"
)

// Player is the data-tuned player. It keeps no state between calls: what
// it remembers of the round (the cards seen, the cards the opponent took
// from the discard pile and still holds) it rebuilds from the view.
//
//   - Value of a hand: HandValues gives the worth of holding a given
//     optimal deadwood in a given phase. The player looks one draw ahead: a
//     ten-card hand is worth the mean, over the cards it has not seen, of
//     the value after drawing that card and making the best discard. The
//     discards closest in value are compared again two draws ahead (see
//     refineMargin).
//   - Draw: it takes the face-up card when it joins a meld, when it makes a
//     Gin or a favoured knock possible, or when the hand it then keeps is
//     worth more than the expected hand after a stock draw; otherwise it
//     draws from the stock.
//   - Discard: it keeps the ten cards worth the most. Among discards that
//     keep hands of equal worth it avoids feeding the opponent's melds: it
//     throws the card whose take is made least likely by the cards the
//     opponent is known to hold (DrawModel), weighed by what a take saves
//     the opponent beyond a stock draw (DrawModel.OpponentGain less
//     DrawPolicy.StockGain); then the card most likely to stay deadwood (its
//     points times one minus KeepValues.MeldProbability). Never the card it
//     drew.
//   - The opponent may end the round first: a hand kept now is worth, with
//     the chance the opponent calls at its turn (Opponent.CallRate), what
//     its Gin or knock would score against the hand's deadwood, and
//     otherwise its value after the next draw.
//   - Call: Gin at 0; a knock when the optimal deadwood is 10 or less,
//     KnockPolicy gives the knock at least its threshold of winning, and a
//     knock there is worth (KnockPolicy.Value) at least what playing on
//     is; never on its first turn.
//   - Declare: optimal melds.
//
// Most decisions take some tens of microseconds: cards unrelated to the
// hand are valued in closed form, the others with the meld solver. A
// discard compared two draws ahead takes a few milliseconds.
type Player struct {
	w *model.Weights
	x []float64
	// solver answers the meld searches of the player's decisions.
	solver gin.Solver
	// kept holds, while discards are compared two draws ahead, the
	// ten-card hands valued so far by next.
	kept map[gin.Hand]float64
	// sampled is the state of the sampled player (sampled.go),
	// nil without the inference model.
	sampled *sampledState
	// rollout is the state of the rollout player (rollout.go), nil
	// for the others.
	rollout *rolloutState
	// observe, set by the tests only, is shown every chance and value the
	// player computes on its way to a decision, named "chance: ..." or
	// "value: ...": the tests check that each is a number, and a chance
	// one in [0, 1], whatever the weights Validate lets through.
	observe func(what string, v float64)
}

// seen returns v, shown to the test hook observe when there is one.
func (p *Player) seen(what string, v float64) float64 {
	if p.observe != nil {
		p.observe(what, v)
	}
	return v
}

// NewPlayer returns a player using w. It plays the same with weights of
// format version 2 and 3: the inference model, the hand policy and the race
// values of version 3 serve the sampled player (NewSampledPlayer) only,
// which has not measured better (see docs/evaluation.md).
func NewPlayer(w *model.Weights) *Player {
	return &Player{w: w, x: make([]float64, model.NumDrawFeatures)}
}

// NewSampledPlayer returns the sampled player using w (see sampled.go):
// the tuned player that plays each decision out against opponent hands
// drawn from the inference model of w. Weights without it (format version
// 2) give model.ErrNoInference.
func NewSampledPlayer(w *model.Weights) (*Player, error) {
	if w.Inference == nil || w.HandPolicy == nil || w.RaceValues == nil {
		return nil, model.ErrNoInference
	}
	m, err := infer.NewModel(w.Inference)
	if err != nil {
		return nil, fmt.Errorf("the inference model: %w", err)
	}
	p := NewPlayer(w)
	p.sampled = newSampledState(m)
	return p, nil
}

// Fresh returns a player with p's weights (and inference model) and none of
// its state: one per game, for games played at the same time.
func (p *Player) Fresh() *Player {
	q := NewPlayer(p.w)
	q.observe = p.observe
	if p.sampled != nil {
		q.sampled = newSampledState(p.sampled.model)
	}
	if p.rollout != nil {
		q.rollout = p.rollout.fresh()
	}
	return q
}

// knownOpp returns the cards the viewer's opponent is known to hold: taken
// from the discard pile this round and not discarded since.
func knownOpp(v *gin.View) gin.Hand {
	var known gin.Hand
	for _, p := range v.History {
		if p.Seat == v.Seat {
			continue
		}
		if p.Source == gin.DiscardPile {
			known = known.Add(p.Top)
		}
		known = known.Remove(p.Discarded)
	}
	return known
}

// value is HandValues at deadwood dw.
func (p *Player) value(dw, phase int) float64 {
	return p.w.HandValues.Value[min(dw, model.MaxValueDeadwood)][phase]
}

// neighbours returns the cards that can share a meld with a card of h:
// the cards of their ranks and of their suits within two ranks.
func neighbours(h gin.Hand) gin.Hand {
	var out gin.Hand
	for x := uint64(h); x != 0; x &= x - 1 {
		out |= gin.Neighbours(gin.Card(bits.TrailingZeros64(x)), 2)
	}
	return out
}

// ahead returns the expected value of ten-card hand h after drawing one of
// the unknown cards at random and discarding the best card (not the drawn
// one).
func (p *Player) ahead(h, unknown gin.Hand, phase int) float64 {
	n := unknown.Len()
	if n == 0 {
		return p.value(p.solver.Deadwood(h), phase)
	}
	// A card unrelated to h melds with nothing and may not be discarded at
	// once: it stays deadwood beside the best nine of h's cards.
	base, _ := p.solver.LeastDiscards(h, 0)
	related := neighbours(h) & unknown
	sum := 0.0
	for x := uint64(unknown); x != 0; x &= x - 1 {
		u := gin.Card(bits.TrailingZeros64(x))
		best := base + u.Points()
		if related.Has(u) {
			best, _ = p.solver.LeastDiscards(h.Add(u), gin.HandOf(u))
		}
		sum += p.value(best, phase)
	}
	return p.seen("value: ahead", sum/float64(n))
}

// unknownCards returns the cards the viewer has not seen: not in its hand
// (nor drawn), not face up, discarded or taken from the pile this round.
func unknownCards(v *gin.View, drawn gin.Card, haveDrawn bool) gin.Hand {
	seen := v.HandSet() | v.Seen() | gin.HandOf(v.Top)
	if haveDrawn {
		seen = seen.Add(drawn)
	}
	return gin.FullDeck &^ seen
}

// takeProbability is the draw model's chance that the opponent takes c.
func (p *Player) takeProbability(c gin.Card, known gin.Hand, stockLeft int) float64 {
	model.DrawFeatures(p.x, c, known, stockLeft)
	return p.seen("chance: take (draw model)", p.w.DrawModel.TakeProbability(p.x))
}

// feeding returns how much more likely the opponent is to take c because
// of the cards it is known to hold than it would be otherwise: the risk of
// feeding its melds. The draw model's other terms (rank, phase) say how the
// opponent plays in general and do not depend on the discard's relation to
// its hand, so they are left out.
func (p *Player) feeding(c gin.Card, known gin.Hand, stockLeft int) float64 {
	return max(0, p.takeProbability(c, known, stockLeft)-p.takeProbability(c, 0, stockLeft))
}

// knockFavoured reports whether a knock at deadwood dw is worth it now.
func (p *Player) knockFavoured(dw, stockLeft int) bool {
	return dw <= gin.KnockLimit && p.w.KnockPolicy.WinProbability[dw][model.Phase(stockLeft)] >= p.w.KnockPolicy.Threshold
}

// Draw chooses the pile.
func (p *Player) Draw(v *gin.View) gin.Pile {
	if p.sampled != nil {
		return p.sampledDraw(v)
	}
	if p.rollout != nil {
		v = visible(v, &p.rollout.visible)
	}
	h := v.HandSet()
	phase := model.Phase(v.StockLeft)
	dw := p.solver.Deadwood(h)
	d := p.solver.BestDiscards(h.Add(v.Top), gin.HandOf(v.Top))
	best, _ := d.Best()
	switch {
	case d.Whole() < dw+v.Top.Points(): // it joins a meld
		return gin.DiscardPile
	case !v.FirstTurn() && (best == 0 || p.knockFavoured(best, v.StockLeft)):
		return gin.DiscardPile
	}
	stock := p.ahead(h, unknownCards(v, 0, false), phase)
	if p.value(best, phase) > stock {
		return gin.DiscardPile
	}
	return gin.StockPile
}

// Discard chooses the discard and the call.
func (p *Player) Discard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	if p.sampled != nil {
		return p.sampledDiscard(v, drawn)
	}
	if p.rollout != nil {
		return p.rolloutDiscard(visible(v, &p.rollout.visible), drawn)
	}
	return p.tunedDiscard(v, drawn)
}

// tunedDiscard is Discard without the inference model.
func (p *Player) tunedDiscard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	eleven := v.HandSet().Add(drawn)
	d := p.solver.BestDiscards(eleven, gin.HandOf(drawn))
	best, bestCards := d.Best()
	if !v.FirstTurn() && best == 0 {
		return bestCards.Cards()[0], gin.Gin
	}
	// The value is judged at the next turn, with two cards fewer in the stock.
	phase := model.Phase(v.StockLeft - 2)
	unknown := unknownCards(v, drawn, true)
	if !v.FirstTurn() && p.knockFavoured(best, v.StockLeft) {
		c := bestCards.Cards()[0]
		if p.w.KnockPolicy.Value[best][model.Phase(v.StockLeft)] >= p.next(eleven.Remove(c), best, unknown, v.StockLeft) {
			return c, gin.Knock
		}
	}
	known := knownOpp(v)
	gain := p.w.DrawModel.OpponentGain - p.w.DrawPolicy.StockGain
	var ranked []option
	for _, c := range eleven.Remove(drawn).Cards() {
		after, _ := d.After(c)
		if after > best+10 {
			continue // breaks melds: never the best
		}
		// Keep the most valuable hand; among equals, feed the opponent least,
		// then throw the card most likely to stay deadwood.
		o := option{card: c, after: after, key: [3]float64{p.next(eleven.Remove(c), after, unknown, v.StockLeft), 0, p.staysDeadwood(c, eleven.Remove(c), phase)}}
		if gain > 0 && known != 0 {
			o.key[1] = p.seen("value: feeding", -p.feeding(c, known, v.StockLeft)*gain)
		}
		ranked = append(ranked, o)
	}
	sort.SliceStable(ranked, func(i, j int) bool { return better(ranked[i].key, ranked[j].key) })
	// The closest candidates are compared again two draws ahead.
	n := 1
	for n < len(ranked) && n < refineCount && ranked[n].key[0] >= ranked[0].key[0]-refineMargin {
		n++
	}
	if n > 1 {
		p.kept = make(map[gin.Hand]float64, 256)
		for i := range ranked[:n] {
			o := &ranked[i]
			o.key[0] = p.next2(eleven.Remove(o.card), o.after, unknown, v.StockLeft)
		}
		p.kept = nil
		sort.SliceStable(ranked[:n], func(i, j int) bool { return better(ranked[i].key, ranked[j].key) })
	}
	return ranked[0].card, gin.Drop
}

// The discards whose one-draw values are within refineMargin net points of
// the best, refineCount at most, are compared two draws ahead (next2). In
// 3,000 mirrored games against simple that lifted the win rate from 59.0%
// to 60.9%; a wider margin (6 points, 4 discards) or also weighing discards
// that leave more deadwood at the second draw did not do better.
const (
	refineMargin = 3.0
	refineCount  = 3
)

// option is a discard the player weighs: the deadwood it leaves and its
// decision key.
type option struct {
	card  gin.Card
	after int
	key   [3]float64
}

// next is the value of keeping ten-card hand h (of deadwood dw) at a turn
// that began with stockLeft: the opponent may end the round at its turn
// (Opponent.CallRate), and otherwise the player draws again (ahead).
func (p *Player) next(h gin.Hand, dw int, unknown gin.Hand, stockLeft int) float64 {
	return p.orCall(dw, stockLeft, p.ahead(h, unknown, model.Phase(stockLeft-2)))
}

// next2 is next looking two draws ahead: after the opponent's turn the
// player draws (drawValue), and the opponent may call before that.
func (p *Player) next2(h gin.Hand, dw int, unknown gin.Hand, stockLeft int) float64 {
	if unknown.Len() == 0 || stockLeft < 4 {
		return p.next(h, dw, unknown, stockLeft)
	}
	return p.orCall(dw, stockLeft, p.drawValue(h, unknown, stockLeft-2))
}

// drawValue is the expected value of ten-card hand h at a turn beginning
// with stockLeft when the player draws one of the unknown cards at random
// and keeps, among the hands of least deadwood, the one worth most by next.
func (p *Player) drawValue(h, unknown gin.Hand, stockLeft int) float64 {
	sum := 0.0
	for x := uint64(unknown); x != 0; x &= x - 1 {
		u := gin.Card(bits.TrailingZeros64(x))
		sum += p.keepBest(h.Add(u), u, unknown.Remove(u), stockLeft)
	}
	return p.seen("value: draw", sum/float64(unknown.Len()))
}

// keepBest is the value by next of the best hand kept from eleven-card
// hand h after drawing drawn, among the discards that leave the least
// deadwood.
func (p *Player) keepBest(h gin.Hand, drawn gin.Card, unknown gin.Hand, stockLeft int) float64 {
	least, cards := p.solver.LeastDiscards(h, gin.HandOf(drawn))
	best := math.Inf(-1)
	for y := uint64(cards); y != 0; y &= y - 1 {
		kept := h.Remove(gin.Card(bits.TrailingZeros64(y)))
		v, ok := p.kept[kept]
		if !ok {
			v = p.next(kept, least, unknown, stockLeft)
			if p.kept != nil {
				p.kept[kept] = v
			}
		}
		best = max(best, v)
	}
	return best
}

// orCall weighs cont, the value of a hand of deadwood dw if the round goes
// on, against the chance that the opponent calls at its turn, after a turn
// of the player's that began with stockLeft.
func (p *Player) orCall(dw, stockLeft int, cont float64) float64 {
	o := &p.w.Opponent
	ph := model.Phase(stockLeft - 1)
	rate := o.CallRate[ph]
	if rate == 0 {
		return cont
	}
	k := o.KnockDeadwood[ph]
	knock := -(float64(dw) - k) // the knocker scores the difference
	if float64(dw) <= k {
		knock = gin.UndercutBonus + k - float64(dw) // we undercut
	}
	called := o.GinShare[ph]*-(gin.GinBonus+float64(dw)) + (1-o.GinShare[ph])*knock
	return p.seen("value: or call", rate*called+(1-rate)*cont)
}

// better compares decision keys lexicographically, up to rounding.
func better(a, b [3]float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return a[i] > b[i]
		}
	}
	return false
}

// staysDeadwood weighs card c, were it kept beside the other cards of h:
// its points times the chance it would not end in a meld.
func (p *Player) staysDeadwood(c gin.Card, h gin.Hand, phase int) float64 {
	pm := p.w.KeepValues.MeldProbability[model.RankGroup(c.Rank())][model.CardRelation(c, h.Add(c))][phase]
	return p.seen("value: stays deadwood", float64(c.Points())*(1-pm))
}

// Declare declares optimal melds.
func (p *Player) Declare(v *gin.View) []gin.Meld { return gin.Arrange(v.HandSet()).Melds }
