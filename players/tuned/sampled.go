package tuned

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer"
)

// The sampled player is the tuned player with the inference model (weights
// of format version 3). At each decision it draws hands the opponent may
// hold from the inference (a determinisation: the known cards plus a
// sample of the unseen ones, infer.Sampler), weighs each by the chance
// that the opponent, holding it, would not have called at its last turn
// (HandPolicy.CallRate), and plays the round out one turn each against
// every sample with the hand policy:
//
//   - the discard: the opponent takes it with the chance HandPolicy gives
//     for its relation to the sampled hand, then discards to its least
//     deadwood and calls with the chance HandPolicy gives for that
//     deadwood; otherwise it draws one of the sample's stock cards (the
//     unseen cards it does not hold) and calls, or not, likewise. A call
//     scores exactly what the rules say against the deadwood kept; if the
//     round goes on, the kept hand is worth its expected value after the
//     player's next draw from the sample's stock (HandValues).
//   - knocking: a knock scores exactly against each sample's deadwood (no
//     lay-offs in these rules), so the undercut risk is counted, not
//     guessed; it is weighed against playing on as above.
//   - the draw: the face-up card is worth the best discard after taking
//     it; the stock, the mean over the cards it may give of the best
//     discard after drawing each, each card judged over the samples whose
//     stock holds it, with the card known but not the sample (so the
//     player never plays as if it saw the opponent's cards).
//
// Its randomness comes from the view alone: the same view gives the same
// decision.

// The sampled player's parameters, chosen by paired measurements against
// simple (see docs/evaluation.md).
const (
	// Samples is the number of opponent hands drawn per decision.
	Samples = 48
	// maxDraws bounds the hands drawn to find Samples that the opponent
	// could hold without having called.
	maxDraws = 4 * Samples
)

// oppSample is one hand the opponent may hold and what playing against it
// needs.
type oppSample struct {
	hand   gin.Hand // its ten cards
	stock  gin.Hand // the unseen cards it does not hold
	nStock int
	weight float64
	dw     int // its optimal deadwood
	nine   int // the least deadwood of nine of its cards (for a drawn card that melds with none)
	// its stock draw: the chance it then calls, and calls[e] the chance it
	// calls with deadwood e; all its draws end the round when it draws
	// the last stock card (ends)
	callP float64
	calls [maxDeadwood + 1]float64
	// goOn[b] is the chance that it does not call and holds deadwood of
	// race bucket b after its stock draw; worth[d] the value of holding
	// deadwood d at the player's next turn against that
	goOn  [model.NumRaceBuckets]float64
	worth [model.MaxValueDeadwood + 1]float64
	// its response to a discard c, computed once per card: takeP[c], the
	// chance it takes c, and takeDW[c] its deadwood after taking it
	responded gin.Hand
	takeP     [gin.NumCards]float64
	takeDW    [gin.NumCards]int8
}

// maxDeadwood is the most deadwood ten cards can hold.
const maxDeadwood = 100

// decision is the state of one decision of the sampled player.
type decision struct {
	samples    []oppSample
	total      float64  // the sum of the samples' weights
	unknown    gin.Hand // the cards not seen: in the opponent's hand or in the stock
	stockAfter int      // the stock left after the player's draw
	oppFirst   bool     // the opponent's next turn is its first of the round: it may not call
	oppStock   int      // the stock left when the opponent's next turn begins
	nextPhase  int      // the phase of the player's next turn
	firstTurn  bool     // the player's own turn is its first: it may not call
}

// sampledState is what the sampled player reuses from decision to
// decision.
type sampledState struct {
	model   *infer.Model
	tracker infer.Tracker
	sampler infer.Sampler
	pcg     rand.PCG
	rng     *rand.Rand
	d       decision
	dws     [][gin.NumCards]int8 // per candidate, the deadwood after each next draw
}

func newSampledState(m *infer.Model) *sampledState {
	s := &sampledState{model: m}
	s.rng = rand.New(&s.pcg)
	s.d.samples = make([]oppSample, 0, Samples)
	return s
}

// oppCallScore is the player's net points when the opponent calls with
// deadwood e against the player's d: Gin, a knock, or an undercut.
func oppCallScore(e, d int) float64 {
	switch {
	case e == 0:
		return -float64(gin.GinBonus + d)
	case e < d:
		return -float64(d - e)
	}
	return float64(gin.UndercutBonus + e - d)
}

// ownCallScore is the player's net points when it calls with deadwood d
// against the opponent's o.
func ownCallScore(d, o int) float64 {
	switch {
	case d == 0:
		return float64(gin.GinBonus + o)
	case d < o:
		return float64(o - d)
	}
	return -float64(gin.UndercutBonus + d - o)
}

// seed keys the decision's randomness on the view, so that a decision is a
// function of what the player sees.
func seed(v *gin.View, drawn gin.Card) (uint64, uint64) {
	h := uint64(v.HandSet())*0x9e3779b97f4a7c15 ^ uint64(v.Round)<<48 ^ uint64(v.Turn)<<32 ^ uint64(drawn)
	for _, p := range v.History {
		h = (h ^ uint64(p.Top)<<16 ^ uint64(p.Discarded)<<8 ^ uint64(p.Source)) * 0xbf58476d1ce4e5b9
	}
	return h, uint64(v.Top)<<8 ^ uint64(v.FaceUp)
}

// prepare draws the samples for a decision of view v, the player holding
// own (ten or eleven cards), with stockAfter cards left in the stock after
// its draw.
func (s *sampledState) prepare(p *Player, v *gin.View, own gin.Hand, drawn gin.Card, stockAfter int) *decision {
	t := &s.tracker
	t.Sync(v)
	t.SetHand(own)
	s.pcg.Seed(seed(v, drawn))
	t.Sampler(s.model, &s.sampler)
	d := &s.d
	*d = decision{samples: d.samples[:0], unknown: t.Unseen(), stockAfter: stockAfter, firstTurn: v.FirstTurn()}
	d.oppFirst = t.OpponentPlays() == 0
	d.oppStock = stockAfter
	// The player's next turn is judged in the phase two turns on, whatever
	// the pile it draws from now: taking the face-up card leaves the
	// stock as it is, but not the opponent's progress, which the phases
	// of the hand values measure.
	d.nextPhase = model.Phase(v.StockLeft - 2)
	ev := lastOppPlay(v, t.OpponentPlays())
	known := t.Known()
	var zero []oppSample
	for draws := 0; len(d.samples) < Samples && draws < maxDraws; draws++ {
		h := s.sampler.Sample(s.rng)
		dw := p.solver.Deadwood(h)
		w := p.likelihood(&ev, h, known, dw)
		if w <= 0 {
			if len(zero) < Samples && len(d.samples) == 0 {
				zero = append(zero, oppSample{hand: h, dw: dw})
			}
			continue
		}
		d.samples = append(d.samples, oppSample{hand: h, dw: dw, weight: w})
	}
	if len(d.samples) == 0 {
		// No hand drawn explains the opponent's last play: the evidence
		// is ignored.
		for _, z := range zero {
			z.weight = 1
			d.samples = append(d.samples, z)
		}
	}
	normalise(d.samples, func(o *oppSample) *float64 { return &o.weight })
	if p.observe != nil {
		p.observeInference(&s.tracker, s.model)
	}
	for i := range d.samples {
		o := &d.samples[i]
		p.seen("chance: sample weight", o.weight)
		d.total += o.weight
		o.stock = d.unknown &^ o.hand
		o.nStock = o.stock.Len()
		o.nine, _ = p.solver.LeastDiscards(o.hand, 0)
		p.oppDraws(d, o)
	}
	return d
}

// normalise divides the weights of items (weight returns a pointer to
// an item's) by the largest, which becomes 1: a weight is a product of
// chances, which may be as small as float64 holds, and the sums and
// squares of weights so small would vanish. Only the ratios of the
// weights count.
func normalise[T any](items []T, weight func(*T) *float64) {
	top := 0.0
	for i := range items {
		top = max(top, *weight(&items[i]))
	}
	if top > 0 {
		for i := range items {
			*weight(&items[i]) /= top
		}
	}
}

// observeInference shows the test hook the probabilities of model m as
// tracker t stands.
func (p *Player) observeInference(t *infer.Tracker, m *infer.Model) {
	var probs [gin.NumCards]float64
	t.Probabilities(m, &probs)
	for _, q := range probs {
		p.seen("chance: inference", q)
	}
}

// oppDraws fills o's stock-draw outcomes: for each card the opponent may
// draw from the sample's stock, its least deadwood after discarding
// another, and the chance it then calls.
func (p *Player) oppDraws(d *decision, o *oppSample) {
	defer p.worth(d, o)
	if o.nStock == 0 || d.oppStock <= 0 {
		o.goOn[model.RaceBucket(o.dw)] = 1
		return
	}
	ends := d.oppStock == 1 // its draw takes the last stock card: its play ends the round
	related := neighbours(o.hand)
	per := 1 / float64(o.nStock)
	for x := uint64(o.stock); x != 0; x &= x - 1 {
		c := gin.Card(bits.TrailingZeros64(x))
		e := o.nine + c.Points()
		if related.Has(c) {
			e, _ = p.solver.LeastDiscards(o.hand.Add(c), gin.HandOf(c))
		}
		q := 1.0
		switch {
		case d.oppFirst && !ends:
			q = 0
		case !ends:
			q = p.w.HandPolicy.Call(e, d.oppStock)
		}
		if q > 0 {
			o.calls[min(e, maxDeadwood)] += q * per
			o.callP += q * per
		}
		o.goOn[model.RaceBucket(e)] += (1 - q) * per
	}
}

// worth fills o.worth: the value of each deadwood the player may hold at
// its next turn, if the opponent neither takes its discard nor calls.
func (p *Player) worth(d *decision, o *oppSample) {
	rv := p.w.RaceValues
	total := 0.0
	for _, g := range o.goOn {
		total += g
	}
	if total == 0 {
		o.goOn[model.RaceBucket(o.dw)], total = 1, 1
	}
	for dw := range o.worth {
		v := 0.0
		for b, g := range o.goOn {
			if g > 0 {
				v += g * rv.Value[dw][b][d.nextPhase]
			}
		}
		o.worth[dw] = p.seen("value: worth", v/total)
	}
}

// takenWorth is the value of holding deadwood dw at the player's next
// turn when the opponent took its discard and holds deadwood e.
func (p *Player) takenWorth(d *decision, dw, e int) float64 {
	return p.w.RaceValues.At(dw, model.RaceBucket(e), d.nextPhase)
}

// respond returns the chance that the opponent holding o takes discard c,
// and its deadwood after taking it.
func (p *Player) respond(d *decision, o *oppSample, c gin.Card) (float64, int) {
	if o.responded.Has(c) {
		return o.takeP[c], int(o.takeDW[c])
	}
	o.responded = o.responded.Add(c)
	take := p.w.HandPolicy.Take(model.TakeRelation(c, o.hand), d.oppStock)
	e := 0
	if take > 0 {
		if gin.Combo(o.hand, c) {
			e, _ = p.solver.LeastDiscards(o.hand.Add(c), gin.HandOf(c))
		} else {
			e = o.nine + c.Points()
		}
	}
	o.takeP[c], o.takeDW[c] = take, int8(min(e, math.MaxInt8))
	return take, e
}

// drawDeadwoods sets out[y], for each card y of unknown, to the least
// deadwood of ten-card hand h after drawing y and discarding another card:
// what the look-ahead values over a sample's stock.
func drawDeadwoods(h, unknown gin.Hand, out *[gin.NumCards]int8) {
	base, _ := gin.LeastDiscards(h, 0)
	related := neighbours(h) & unknown
	for x := uint64(unknown); x != 0; x &= x - 1 {
		u := gin.Card(bits.TrailingZeros64(x))
		best := base + u.Points()
		if related.Has(u) {
			best, _ = gin.LeastDiscards(h.Add(u), gin.HandOf(u))
		}
		out[u] = int8(min(best, model.MaxValueDeadwood))
	}
}

// playOn is the player's net points, against sample o, of discarding c and
// keeping a hand of deadwood dw whose next draws are worth values: the
// opponent takes c or draws, and calls or not; if the round goes on, the
// kept hand is worth the mean of values over the sample's stock, less
// the card skip (drawn by the player, so not in the stock; -1 for none).
func (p *Player) playOn(d *decision, o *oppSample, c gin.Card, dw int, dws *[gin.NumCards]int8, skip int) float64 {
	stock := o.stock
	if skip >= 0 {
		stock = stock.Remove(gin.Card(skip))
	}
	n := stock.Len()
	if n == 0 || d.stockAfter == 0 {
		// The round ends with this play, scored as the player's knock.
		return knockScore(dw, o.dw)
	}
	return p.seen("value: play on", p.playOnStock(d, o, c, dw, dws, stock, n))
}

// playOnStock is playOn once the sample's stock, n cards, is known not
// empty.
func (p *Player) playOnStock(d *decision, o *oppSample, c gin.Card, dw int, dws *[gin.NumCards]int8, stock gin.Hand, n int) float64 {
	cont := 0.0
	for x := uint64(stock); x != 0; x &= x - 1 {
		cont += o.worth[dws[bits.TrailingZeros64(x)]]
	}
	cont /= float64(n)
	v := 0.0
	take, e := p.respond(d, o, c)
	if take > 0 {
		q := 0.0
		if !d.oppFirst {
			q = p.w.HandPolicy.Call(e, d.oppStock)
		}
		taken := 0.0
		if q < 1 {
			for x := uint64(stock); x != 0; x &= x - 1 {
				taken += p.takenWorth(d, int(dws[bits.TrailingZeros64(x)]), e)
			}
			taken /= float64(n)
		}
		v += take * (q*oppCallScore(e, dw) + (1-q)*taken)
	}
	if take < 1 {
		called := 0.0
		if o.callP > 0 {
			for e, m := range o.calls {
				if m > 0 {
					called += m * oppCallScore(e, dw)
				}
			}
		}
		v += (1 - take) * (called + (1-o.callP)*cont)
	}
	return v
}

// knockScore is the player's net points when the round ends on its play
// with deadwood dw, without Gin, against the opponent's o.
func knockScore(dw, o int) float64 {
	if dw < o {
		return float64(o - dw)
	}
	return -float64(gin.UndercutBonus + dw - o)
}

// sampledOption is a discard weighed by the sampled player.
type sampledOption struct {
	card  gin.Card
	call  gin.Call
	after int
	dws   int // the index of its draw deadwoods
	value float64
}

// candidates returns the discards of eleven-card hand h (drawn may not be
// thrown) worth weighing, with their deadwood, and fills their draw values
// over unknown at phase. A discard that leaves more than ten points above
// the least deadwood breaks a meld for nothing: it is left out.
func (s *sampledState) candidates(p *Player, h gin.Hand, drawn gin.Card, unknown gin.Hand, phase int, out []sampledOption) []sampledOption {
	dd := p.solver.BestDiscards(h, gin.HandOf(drawn))
	best, _ := dd.Best()
	out = out[:0]
	for x := uint64(h.Remove(drawn)); x != 0; x &= x - 1 {
		c := gin.Card(bits.TrailingZeros64(x))
		after, _ := dd.After(c)
		if after > best+10 {
			continue
		}
		if len(out) >= len(s.dws) {
			s.dws = append(s.dws, [gin.NumCards]int8{})
		}
		drawDeadwoods(h.Remove(c), unknown, &s.dws[len(out)])
		out = append(out, sampledOption{card: c, after: after, dws: len(out)})
	}
	return out
}

// weigh sets each option's value: the mean over the samples (weighted) of
// playing on after it, or of calling. Samples for which skip (a card the
// player drew) is not in the stock are left out; it returns the weight of
// those counted.
func (s *sampledState) weigh(p *Player, d *decision, opts []sampledOption, skip int) float64 {
	total := 0.0
	for i := range opts {
		opts[i].value = 0
	}
	var knock [gin.HandSize + 1]float64
	canCall := !d.firstTurn
	for si := range d.samples {
		o := &d.samples[si]
		w := o.weight
		if skip >= 0 {
			if !o.stock.Has(gin.Card(skip)) {
				continue
			}
			w /= float64(o.nStock)
		}
		total += w
		for i := range opts {
			op := &opts[i]
			op.value += w * p.playOn(d, o, op.card, op.after, &s.dws[op.dws], skip)
		}
		if canCall {
			for i := range opts {
				if opts[i].after <= gin.KnockLimit {
					knock[i] += w * ownCallScore(opts[i].after, o.dw)
				}
			}
		}
	}
	if total == 0 {
		return 0
	}
	for i := range opts {
		op := &opts[i]
		op.value /= total
		p.seen("value: discard", op.value)
		op.call = gin.Drop
		if canCall && op.after <= gin.KnockLimit {
			if k := p.seen("value: knock", knock[i]/total); k > op.value || op.after == 0 {
				op.value, op.call = k, gin.Knock
				if op.after == 0 {
					op.call = gin.Gin
				}
			}
		}
	}
	return total
}

// best returns the option of highest value (the first on a tie, so the
// lowest card).
func best(opts []sampledOption) sampledOption {
	b := opts[0]
	for _, o := range opts[1:] {
		if o.value > b.value+1e-12 {
			b = o
		}
	}
	return b
}

// sampledDiscard is Discard with the inference model.
func (p *Player) sampledDiscard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	s := p.sampled
	eleven := v.HandSet().Add(drawn)
	stockAfter := v.StockLeft
	if drawn != v.Top {
		stockAfter--
	}
	d := s.prepare(p, v, eleven, drawn, stockAfter)
	var buf [gin.HandSize + 1]sampledOption
	opts := s.candidates(p, eleven, drawn, d.unknown, d.nextPhase, buf[:0])
	s.weigh(p, d, opts, -1)
	b := best(opts)
	return b.card, b.call
}

// sampledDraw is Draw with the inference model: the face-up card against
// the stock, both valued by the best discard after the draw.
func (p *Player) sampledDraw(v *gin.View) gin.Pile {
	s := p.sampled
	h := v.HandSet()
	if v.StockLeft == 0 {
		return gin.DiscardPile
	}
	// Taking the face-up card.
	d := s.prepare(p, v, h.Add(v.Top), v.Top, v.StockLeft)
	var buf [gin.HandSize + 1]sampledOption
	opts := s.candidates(p, h.Add(v.Top), v.Top, d.unknown, d.nextPhase, buf[:0])
	s.weigh(p, d, opts, -1)
	take := p.seen("value: take", best(opts).value)
	// Drawing from the stock: the samples are those of the player's own
	// ten cards and the face-up card, which the opponent cannot hold.
	d = s.prepare(p, v, h.Add(v.Top), v.Top, v.StockLeft-1)
	stock, weight := 0.0, 0.0
	for x := uint64(d.unknown); x != 0; x &= x - 1 {
		u := gin.Card(bits.TrailingZeros64(x))
		opts = s.candidates(p, h.Add(u), u, d.unknown.Remove(u), d.nextPhase, opts[:0])
		w := s.weigh(p, d, opts, int(u))
		if w == 0 {
			continue
		}
		stock += w * best(opts).value
		weight += w
	}
	if weight > 0 && p.seen("value: stock", stock/weight) > take {
		return gin.StockPile
	}
	return gin.DiscardPile
}

// oppPlay is the opponent's last play of the round: the evidence each
// sampled hand is weighed by.
type oppPlay struct {
	ok             bool
	took           bool // it took the face-up card
	top, discarded gin.Card
	stockLeft      int  // the stock left when its turn began
	couldCall      bool // it was not its first turn
	index          int  // its index in the history
}

// lastOppPlay returns the opponent's last play in v, which made it plays
// in all this round.
func lastOppPlay(v *gin.View, plays int) oppPlay {
	stock := v.StockLeft
	for i := len(v.History) - 1; i >= 0; i-- {
		pl := v.History[i]
		if pl.Source == gin.StockPile {
			stock++
		}
		if pl.Seat != v.Seat {
			return oppPlay{ok: true, took: pl.Source == gin.DiscardPile, top: pl.Top, discarded: pl.Discarded,
				stockLeft: stock, couldCall: plays > 1, index: i}
		}
	}
	return oppPlay{}
}

// likelihood is the chance that the opponent, holding h (with optimal
// deadwood dw) now, made its last play as it did, by the hand policy: it
// took or refused the face-up card, discarded what it did and did not
// call. A stock draw could have been any of h's cards not known to be
// held: the chance is the mean over them; so could a face-up card the
// player never saw (UnknownCard), taken with no chance to weigh.
func (p *Player) likelihood(e *oppPlay, h, known gin.Hand, dw int) float64 {
	l, _ := p.weigh(e, h, known, dw)
	return l
}

// weigh returns likelihood(e, h, known, dw) and dw; given dw -1, it
// takes h's deadwood from the discard search the likelihood makes anyway
// (and returns -1 with a likelihood of 0 when it did not need it).
func (p *Player) weigh(e *oppPlay, h, known gin.Hand, dw int) (float64, int) {
	if !e.ok {
		if dw < 0 {
			dw = p.solver.Deadwood(h)
		}
		return 1, dw
	}
	hp := p.w.HandPolicy
	l := 1.0
	if e.couldCall && dw >= 0 {
		if l = 1 - hp.Call(dw, e.stockLeft); l <= 0 {
			return 0, dw
		}
	}
	if e.took && e.top.Valid() && !h.Has(e.top) {
		return 0, dw
	}
	eleven := h.Add(e.discarded)
	// dd.After(c) is the deadwood of eleven without c, which the take
	// relations of the cards drawn need.
	dd := p.solver.BestDiscards(eleven, 0)
	if dw < 0 {
		if h.Has(e.discarded) {
			dw = p.solver.Deadwood(h)
		} else {
			dw, _ = dd.After(e.discarded) // eleven without the discard is h
		}
		if e.couldCall {
			if l = 1 - hp.Call(dw, e.stockLeft); l <= 0 {
				return 0, dw
			}
		}
	}
	return p.weighDraw(e, h, known, l, eleven, &dd), dw
}

// weighDraw is the rest of weigh: the chance of the draw and the discard,
// times l, the chance of not calling; eleven is h with the discard, dd
// its discard search.
func (p *Player) weighDraw(e *oppPlay, h, known gin.Hand, l float64, eleven gin.Hand, dd *gin.Discards) float64 {
	hp := p.w.HandPolicy
	if e.took && e.top.Valid() {
		after, _ := dd.After(e.top)
		return l * hp.Take(takeRelation(&p.solver, e.top, eleven.Remove(e.top), after), e.stockLeft) * hp.Discard(dd, e.discarded, e.top, e.stockLeft)
	}
	// A stock draw, or the face-up card the rollout player never saw
	// (visible.go) taken: the drawn card is any of h's not known.
	tally := model.NewDiscardTally(dd)
	sum, n := 0.0, 0
	for x := uint64(h &^ known); x != 0; x &= x - 1 {
		c := gin.Card(bits.TrailingZeros64(x))
		n++
		lik := hp.DiscardTallied(&tally, e.discarded, c, e.stockLeft)
		if lik == 0 {
			continue
		}
		if !e.took && e.top.Valid() {
			after, _ := dd.After(c)
			lik *= 1 - hp.Take(takeRelation(&p.solver, e.top, eleven.Remove(c), after), e.stockLeft)
		}
		sum += lik
	}
	if n == 0 {
		return 0
	}
	return l * sum / float64(n)
}
