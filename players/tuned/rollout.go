package tuned

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer"
)

// The rollout player is the tuned player that checks its discards and
// knocks by playing the rest of the round out (perfect-information Monte
// Carlo). At a discard it draws hands the opponent may hold from the
// inference model, as the sampled player does (the known cards plus a
// sample of the unseen ones, weighed by the chance that the opponent,
// holding it, made its last play as it did), weighs them by its earlier
// plays too and draws RolloutConfig.Samples of them again by weight
// (rollout_history.go), and for each an order of the stock: the unseen
// cards it does not hold. Against every such deal it plays each candidate
// discard, and with RolloutConfig.Calls each knock, out to the end of the
// round:
//
//   - the opponent plays by the hand policy fitted from the logs: it takes
//     the face-up card with the take rate of its relation to the hand,
//     discards a card that leaves its least deadwood, and calls with the
//     call rate of its deadwood;
//   - the player plays by cheap rules: it takes a face-up card that joins
//     a meld, discards the highest card that leaves its least deadwood,
//     calls Gin at 0 and knocks when the knock policy favours it;
//   - the round is scored by the rules, in the player's net points, or
//     with RolloutConfig.Game by the chance of winning the game from the
//     totals it leaves (GameValue), in points of the start of a game.
//
// A knock is scored exactly against each deal. Every candidate meets the
// same deals and the same random choices of the opponent (common random
// numbers), so their differences are measured with less noise than their
// values. The player keeps the tuned player's discard and call unless
// another's mean beats it by more than RolloutConfig.Margin points (and by
// RolloutConfig.Z standard errors of the difference). Its draws and Gins
// are the tuned player's. The same view gives the same decision.

// RolloutConfig holds the rollout player's parameters.
type RolloutConfig struct {
	// Samples is the number of deals (an opponent hand and a stock order)
	// each candidate is played out against.
	Samples int
	// Margin is how many net points a discard's mean must beat the tuned
	// player's discard by to be played instead.
	Margin float64
	// MaxStock: rollouts are played only at a discard with at most that
	// many cards left in the stock; the tuned player decides the others.
	MaxStock int
	// Z is how many standard errors (over the deals) that gain must be
	// above zero by.
	Z float64
	// Calls lets the rollouts decide the call too (knock or play on);
	// without it the player calls as the tuned player does and the
	// rollouts choose among discards only when it plays on.
	Calls bool
	// Pool is how many opponent hands are drawn at a decision, each
	// weighed by the opponent's earlier plays too (historyWeight, mixed
	// with Soft) before Samples of them are drawn again by weight; 0
	// draws Samples hands weighed by the last play only.
	Pool int
	Soft float64
	// Game values a round's outcome by the chance of winning the game
	// from the totals it leaves (GameValue, from the weights' round
	// points) instead of its net points; weights without round points
	// (format 3, the defaults) value net points.
	Game bool
}

// DefaultRolloutConfig is the configuration chosen by paired measurements
// against simple (see docs/evaluation.md): 64 deals gained nothing
// over the tuned player, 192 gained 8 to 13 points of win rate and 384 no
// more; a margin of 0 (with a gain of two standard errors required) or
// 1.5 did as well; the draw decided by rollouts, or rollouts only once the
// stock is down to 18 cards, did not do better. Valuing rounds by the
// game, letting the rollouts decide the knock, and weighing hands by the
// opponent's whole history, each worth +0.3 to +0.5 points alone (noise
// at 2,000 games), together gained 2.1 points (+0.7 to +3.6) in 4,000
// mirrored games.
var DefaultRolloutConfig = RolloutConfig{Samples: 192, Margin: 3, MaxStock: gin.StockSize,
	Calls: true, Pool: 4 * 192, Soft: 0.2, Game: true}

// maxPlays is the plays a round may last (RULES.md: it ends after the 201st).
const maxPlays = 201

// rolloutState is what the rollout player reuses from decision to
// decision.
type rolloutState struct {
	cfg     RolloutConfig
	model   *infer.Model
	game    *model.GameValue // nil: rounds are valued by their net points
	tracker infer.Tracker
	sampler infer.Sampler
	pcg     rand.PCG
	rng     *rand.Rand
	play    rand.PCG // the opponent's random choices in one rollout
	playRng *rand.Rand
	deals   []rolloutDeal
	choices []rolloutChoice
	afters  []int
	sum, sq []float64
	order   []gin.Card // the stock orders of all deals, one after another
	hist    []histEvent
	left    []int
	memo    *memo // the play-outs' hand searches (rollout_memo.go), made by the first play-out
	kept    []rolloutDeal
	visible []gin.PublicPlay // the history as the framework shows it (visible.go)
	// salt changes the deals a view gets: 0 for the rollout player, which
	// the Haskell export repeats; the judge's second opinion (judge.go)
	// uses another.
	salt uint64
}

// rolloutDeal is one opponent hand and stock order a discard is played out
// against.
type rolloutDeal struct {
	hand   gin.Hand
	dw     int
	weight float64
	stock  []gin.Card // the stock, top first
	seed   uint64
}

// newRolloutState returns the state of a rollout player with model m,
// game values g (or nil) and configuration cfg.
func newRolloutState(m *infer.Model, g *model.GameValue, cfg RolloutConfig) *rolloutState {
	s := &rolloutState{cfg: cfg, model: m, game: g}
	s.rng = rand.New(&s.pcg)
	s.playRng = rand.New(&s.play)
	return s
}

// memos returns the play-outs' memo, made at the first call.
func (s *rolloutState) memos() *memo {
	if s.memo == nil {
		s.memo = new(memo)
	}
	return s.memo
}

// fresh returns a state with s's model, game values and configuration and
// nothing else.
func (s *rolloutState) fresh() *rolloutState { return newRolloutState(s.model, s.game, s.cfg) }

// NewRolloutPlayer returns the rollout player (rollout.go) using w,
// which must hold the inference model and the hand policy (format version
// 3), with configuration cfg.
func NewRolloutPlayer(w *model.Weights, cfg RolloutConfig) (*Player, error) {
	if w.Inference == nil || w.HandPolicy == nil {
		return nil, model.ErrNoInference
	}
	if cfg.Samples < 1 {
		return nil, fmt.Errorf("rollout samples %d: want at least 1", cfg.Samples)
	}
	m, err := infer.NewModel(w.Inference)
	if err != nil {
		return nil, fmt.Errorf("the inference model: %w", err)
	}
	var g *model.GameValue
	if cfg.Game {
		g = model.NewGameValue(w.RoundPoints)
	}
	p := NewPlayer(w)
	p.rollout = newRolloutState(m, g, cfg)
	return p, nil
}

// deal draws the deals of a decision of view v, the player holding eleven
// cards own after drawing drawn: opponent hands weighed by the chance of
// its last play, and for each an order of the cards left for the stock.
func (s *rolloutState) deal(p *Player, v *gin.View, own gin.Hand, drawn gin.Card) {
	t := &s.tracker
	t.Sync(v)
	t.SetHand(own)
	a, b := rolloutSeed(v, drawn)
	s.pcg.Seed(a^s.salt, b)
	t.Sampler(s.model, &s.sampler)
	unknown := t.Unseen()
	ev := lastOppPlay(v, t.OpponentPlays())
	known := t.Known()
	s.deals = s.deals[:0]
	s.order = s.order[:0]
	var zero []gin.Hand
	target := s.cfg.Samples
	var hist []histEvent
	if s.cfg.Pool > 0 {
		target = s.cfg.Pool
		hist = s.history(v, ev.index)
	}
	for draws := 0; len(s.deals) < target && draws < 4*target; draws++ {
		h := s.sampler.SamplePCG(&s.pcg) // Sample(s.rng), the same hand
		w, dw := p.weigh(&ev, h, known, -1)
		if w <= 0 {
			if len(zero) < s.cfg.Samples && len(s.deals) == 0 {
				zero = append(zero, h)
			}
			continue
		}
		if hist != nil {
			w *= p.historyWeight(hist, h, dw, s.cfg.Soft)
		}
		s.deals = append(s.deals, rolloutDeal{hand: h, dw: dw, weight: w})
	}
	normalise(s.deals, func(d *rolloutDeal) *float64 { return &d.weight })
	if p.observe != nil {
		p.observeInference(t, s.model)
	}
	if s.cfg.Pool > 0 && len(s.deals) > s.cfg.Samples {
		s.resample()
	}
	if len(s.deals) == 0 {
		// No hand drawn explains the opponent's last play: the evidence is
		// ignored.
		for _, h := range zero {
			s.deals = append(s.deals, rolloutDeal{hand: h, dw: p.solver.Deadwood(h), weight: 1})
		}
	}
	for i := range s.deals {
		d := &s.deals[i]
		start := len(s.order)
		s.order = append(s.order, (unknown &^ d.hand).Cards()...)
		stock := s.order[start:]
		s.rng.Shuffle(len(stock), func(a, b int) { stock[a], stock[b] = stock[b], stock[a] })
		d.seed = s.rng.Uint64()
	}
	// The orders are sliced once the buffer no longer grows.
	at := 0
	for i := range s.deals {
		d := &s.deals[i]
		n := (unknown &^ d.hand).Len()
		d.stock = s.order[at : at+n : at+n]
		at += n
	}
}

// rolloutSeed keys a decision's randomness on what the framework shows
// the player (visible.go): its hand and the card it drew, the scores, the
// round's plays, the top of the discard pile and the face-up card. The
// Haskell export computes the same key from the same facts.
func rolloutSeed(v *gin.View, drawn gin.Card) (uint64, uint64) {
	h := uint64(v.HandSet())*0x9e3779b97f4a7c15 ^ uint64(v.Scores[0])<<48 ^ uint64(v.Scores[1])<<32 ^ uint64(drawn)
	for _, p := range v.History {
		h = (h ^ uint64(p.Top)<<16 ^ uint64(p.Discarded)<<8 ^ uint64(p.Source)) * 0xbf58476d1ce4e5b9
	}
	return h, uint64(v.Top)<<8 ^ uint64(v.FaceUp)
}

// rolloutChoice is a discard and a call weighed by the rollout player.
type rolloutChoice struct {
	card gin.Card
	call gin.Call
}

// rolloutDiscard is Discard with rollouts.
func (p *Player) rolloutDiscard(v *gin.View, drawn gin.Card) (gin.Card, gin.Call) {
	tc, tcall := p.tunedDiscard(v, drawn)
	s := p.rollout
	if tcall == gin.Gin || v.StockLeft > s.cfg.MaxStock || (tcall == gin.Knock && !s.cfg.Calls) {
		return tc, tcall
	}
	eleven := v.HandSet().Add(drawn)
	dd := p.solver.BestDiscards(eleven, gin.HandOf(drawn))
	least, _ := dd.Best()
	// The tuned player's choice comes first.
	choices := append(s.choices[:0], rolloutChoice{tc, tcall})
	afters := append(s.afters[:0], 0)
	for x := uint64(eleven.Remove(drawn)); x != 0; x &= x - 1 {
		c := gin.Card(bits.TrailingZeros64(x))
		after, _ := dd.After(c)
		if c == tc {
			afters[0] = after
		}
		if after > least+10 {
			continue
		}
		if c != tc || tcall != gin.Drop {
			choices, afters = append(choices, rolloutChoice{c, gin.Drop}), append(afters, after)
		}
		if s.cfg.Calls && !v.FirstTurn() && after <= gin.KnockLimit && (c != tc || tcall != gin.Knock) {
			choices, afters = append(choices, rolloutChoice{c, gin.Knock}), append(afters, after)
		}
	}
	s.choices, s.afters = choices, afters
	if len(choices) == 1 {
		return tc, tcall
	}
	s.deal(p, v, eleven, drawn)
	oppFirst := s.tracker.OpponentPlays() == 0
	// sum and sq accumulate, for each choice, the weighted differences of
	// its outcome from the tuned choice's, deal by deal, and their squares.
	sum := append(s.sum[:0], make([]float64, len(choices))...)
	sq := append(s.sq[:0], make([]float64, len(choices))...)
	s.sum, s.sq = sum, sq
	value := func(net float64) float64 { return net }
	if g := s.game; g != nil {
		value = func(net float64) float64 { return g.Points(v.Scores[0], v.Scores[1], int(net)) }
	}
	outcome := func(j int, i int, d *rolloutDeal) float64 {
		c := choices[j]
		if c.call == gin.Knock {
			return p.seen("value: rollout", value(ownCallScore(afters[j], d.dw)))
		}
		s.play.Seed(d.seed, uint64(i))
		return p.seen("value: rollout", value(p.playOut(eleven.Remove(c.card), afters[j], d, c.card, oppFirst, v.Turn+1, s.playRng)))
	}
	total, total2 := 0.0, 0.0
	for i := range s.deals {
		d := &s.deals[i]
		p.seen("chance: deal weight", d.weight)
		total += d.weight
		total2 += d.weight * d.weight
		base := outcome(0, i, d)
		for j := 1; j < len(choices); j++ {
			diff := outcome(j, i, d) - base
			sum[j] += d.weight * diff
			sq[j] += d.weight * diff * diff
		}
	}
	if total == 0 {
		return tc, tcall
	}
	best := p.best(sum, sq, total, total*total/total2)
	return choices[best].card, choices[best].call
}

// best returns the choice that replaces the tuned one (choice 0): the one
// of the largest mean gain over it, if that gain is above the margin and
// above Z standard errors, the deals weighed by their effective number
// nEff; else 0. sum and sq hold each choice's weighted differences from
// the tuned choice's outcome, and their squares, over deals of total
// weight total.
func (p *Player) best(sum, sq []float64, total, nEff float64) int {
	cfg := &p.rollout.cfg
	best, bestGain := 0, 0.0
	for j := 1; j < len(sum); j++ {
		mean := sum[j] / total
		variance := max(0, sq[j]/total-mean*mean)
		se := p.seen("value: rollout gain's standard error", math.Sqrt(variance/nEff))
		p.seen("value: rollout gain", mean)
		if mean > cfg.Margin && mean > cfg.Z*se && mean > bestGain {
			best, bestGain = j, mean
		}
	}
	return best
}

// playOut plays the round out from the opponent's turn after the player
// discarded top keeping mine (of deadwood dw), against deal d, and returns
// the player's net points. plays counts the plays of the round made so
// far, this discard's included.
func (p *Player) playOut(mine gin.Hand, dw int, d *rolloutDeal, top gin.Card, oppFirst bool, plays int, rng *rand.Rand) float64 {
	hp := p.w.HandPolicy
	opp, oppDW := d.hand, d.dw
	stock := d.stock
	m := p.rollout.memos()
	if len(stock) == 0 {
		return knockScore(dw, oppDW)
	}
	for ; plays < maxPlays; plays++ {
		// The opponent's turn.
		left := len(stock)
		var drawn gin.Card
		if take := hp.Take(m.takeRelation(top, opp, oppDW), left); take > 0 && (take >= 1 || rng.Float64() < take) {
			drawn = top
		} else {
			drawn, stock = stock[0], stock[1:]
		}
		eleven := opp.Add(drawn)
		least, cards := m.bestDiscards(eleven, drawn)
		top = pick(cards, rng)
		opp, oppDW = eleven.Remove(top), least
		if !oppFirst {
			if q := hp.Call(least, left); q > 0 && (q >= 1 || rng.Float64() < q) {
				return oppCallScore(least, dw)
			}
		}
		oppFirst = false
		plays++
		if len(stock) == 0 || plays >= maxPlays {
			return -knockScore(oppDW, dw)
		}
		// The player's turn.
		left = len(stock)
		if m.takeRelation(top, mine, dw) == model.TakeMeld {
			drawn = top
		} else {
			drawn, stock = stock[0], stock[1:]
		}
		var call gin.Call
		mine, dw, top, call = p.ownTurn(m, mine, drawn, left, true)
		switch {
		case call != gin.Drop:
			return ownCallScore(dw, oppDW)
		case len(stock) == 0:
			return knockScore(dw, oppDW)
		}
	}
	return knockScore(dw, oppDW)
}

// ownTurn is the player's discard and call in a play-out, by its cheap
// rules, after drawing card drawn into ten-card hand mine with left cards
// in the stock at the start of its turn: it discards the highest card
// among those that leave the least deadwood (never drawn), and, when
// canCall, calls Gin at 0 and knocks when the knock policy favours it. It
// returns the hand kept, its deadwood, the discard and the call.
func (p *Player) ownTurn(m *memo, mine gin.Hand, drawn gin.Card, left int, canCall bool) (gin.Hand, int, gin.Card, gin.Call) {
	eleven := mine.Add(drawn)
	least, cards := m.bestDiscards(eleven, drawn)
	top := highest(cards)
	call := gin.Drop
	switch {
	case !canCall:
	case least == 0:
		call = gin.Gin
	case p.knockFavoured(least, left):
		call = gin.Knock
	}
	return eleven.Remove(top), least, top, call
}

// takeRelation is TakeRelation of c to ten-card hand h of deadwood dw,
// searched with s.
func takeRelation(s *gin.Solver, c gin.Card, h gin.Hand, dw int) int {
	switch {
	case !gin.Combo(h, c):
		return model.TakeNone
	case s.DeadwoodBelow(h.Add(c), dw+c.Points()):
		return model.TakeMeld
	}
	return model.TakeCombo
}

// pick returns one card of h at random.
func pick(h gin.Hand, rng *rand.Rand) gin.Card {
	x := uint64(h)
	if n := bits.OnesCount64(x); n > 1 {
		for k := rng.IntN(n); k > 0; k-- {
			x &= x - 1
		}
	}
	return gin.Card(bits.TrailingZeros64(x))
}

// highest returns the card of h with the most points (the highest in
// card order among them).
func highest(h gin.Hand) gin.Card {
	best := gin.Card(bits.TrailingZeros64(uint64(h)))
	for x := uint64(h); x != 0; x &= x - 1 {
		if c := gin.Card(bits.TrailingZeros64(x)); c.Points() >= best.Points() {
			best = c
		}
	}
	return best
}
