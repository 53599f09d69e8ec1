package tuned

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// The judge values the decisions of a logged game as the rollout player
// would weigh them, from the deciding player's own view: its hand, the
// cards it has seen, and the hands the inference says the opponent may
// hold (visible.go: never the hidden cards the log reveals). At a
// decision it draws the deals the rollout player draws (rolloutState.deal:
// opponent hands weighed by the opponent's plays, and stock orders) and
// plays every option out against each, with common random numbers:
//
//   - a discard: every card of the eleven but the one drawn, played on
//     (playOut), and, after the player's first turn, knocked at a
//     deadwood of at most 10 or Gin at 0, scored exactly against the
//     deal's opponent hand;
//   - a draw: the face-up card or the deal's next stock card, then the
//     play-out's own discard and call (ownTurn), then the round played out
//     from the opponent's turn.
//
// An option is worth its mean net points over the deals, and the mean
// change in the chance of winning the game (GameValue) when the weights
// hold round points. A judge is a function of what the player saw: the
// same view gives the same judgement.

// JudgeVersion numbers the judge's method: stored judgements of another
// version are judged again (review's evaluator key holds it). 2: the best
// option with the played call is valued again with the best (Same).
const JudgeVersion = 2

// Option is one action a decision could take, valued by the rollouts.
type Option struct {
	Pile gin.Pile // a draw: StockPile or DiscardPile (NoPile for a discard)
	Card gin.Card // a discard: the card (0 for a draw)
	Call gin.Call // a discard: Drop, Knock or Gin
	// Points is the player's mean net points of the round after this
	// option, over the deals.
	Points float64
	// Win is the mean change in its chance of winning the game
	// (GameValue.At after the round less before); 0 without round points.
	Win float64
}

// Judgement values a decision's options from the player's view.
type Judgement struct {
	Options []Option
	Played  int // the option the player took
	// Best is the option of the most Points on a first set of deals
	// (Played on a tie with it, else the first); it and Played are then
	// valued again on other deals (confirm), which their Points hold.
	Best int
	// Same is the option of the most Points among those with the played
	// option's call, chosen as Best is and valued again with it: the
	// best discard had the call been the one made.
	Same int
	// SE, SameSE and CallSE are the standard errors of the differences
	// Best - Played, Same - Played and Best - Same of the options' Points,
	// over the deals that valued them (0 when the two are one option).
	SE, SameSE, CallSE float64
	Deals              int // the deals played out
}

// Loss is Options[Best].Points - Options[Played].Points: the points the
// play gave away, never negative.
func (j Judgement) Loss() float64 {
	if len(j.Options) == 0 {
		return 0
	}
	return max(0, j.Options[j.Best].Points-j.Options[j.Played].Points)
}

// WinLoss is the chance of winning the game the play gave away: the most
// Win of any option less the played option's, never negative.
func (j Judgement) WinLoss() float64 {
	if len(j.Options) == 0 {
		return 0
	}
	top := j.Options[j.Played].Win
	for _, o := range j.Options {
		top = max(top, o.Win)
	}
	return top - j.Options[j.Played].Win
}

// Judge values decisions with the rollout player's deals and play-outs.
// It keeps buffers from decision to decision: one judge per goroutine
// (Fresh).
type Judge struct {
	p    *Player
	game *model.GameValue // nil: no round points, Win is 0
	nets []float64        // per option, per deal: the net points
}

// NewJudge returns a judge with the rollout player of weights w and
// configuration cfg (its Samples, Pool and Soft choose the deals). The
// weights need the inference model and the hand policy
// (model.ErrNoInference otherwise). Options are valued in net points
// whatever cfg.Game says, and by the game too when w holds round points.
func NewJudge(w *model.Weights, cfg RolloutConfig) (*Judge, error) {
	cfg.Game = false
	p, err := NewRolloutPlayer(w, cfg)
	if err != nil {
		return nil, fmt.Errorf("the judge: %w", err)
	}
	return &Judge{p: p, game: model.NewGameValue(w.RoundPoints)}, nil
}

// Fresh returns a judge with j's weights and configuration and none of its
// state, for another goroutine.
func (j *Judge) Fresh() *Judge { return &Judge{p: j.p.Fresh(), game: j.game} }

// Discard judges the discard of view v after drawing drawn: played with
// call. Its options are every card but drawn played on, and the calls the
// rules allow (see above); a logged play outside them is added.
func (j *Judge) Discard(v *gin.View, drawn gin.Card, played gin.Card, call gin.Call) Judgement {
	return j.confirm(func() Judgement { return j.discard(v, drawn, played, call) })
}

// discard is Discard on one set of deals.
func (j *Judge) discard(v *gin.View, drawn gin.Card, played gin.Card, call gin.Call) Judgement {
	s := j.p.rollout
	v = visible(v, &s.visible)
	eleven := v.HandSet().Add(drawn)
	opts, afters := discardOptions(eleven, drawn, !v.FirstTurn())
	at := -1
	for i, o := range opts {
		if o.Card == played && o.Call == call {
			at = i
		}
	}
	if at < 0 {
		opts = append(opts, Option{Pile: gin.NoPile, Card: played, Call: call})
		afters = append(afters, j.p.solver.Deadwood(eleven.Remove(played)))
		at = len(opts) - 1
	}
	s.deal(j.p, v, eleven, drawn)
	return j.playDiscards(v, eleven, opts, afters, at, s.tracker.OpponentPlays() == 0)
}

// playDiscards values discard options opts of eleven-card hand eleven,
// leaving deadwoods afters, against the deals drawn (rolloutState.deals),
// the option played being at; oppFirst tells that the opponent's next turn
// is its first.
func (j *Judge) playDiscards(v *gin.View, eleven gin.Hand, opts []Option, afters []int, at int, oppFirst bool) Judgement {
	s := j.p.rollout
	nets := j.grow(len(opts))
	for i := range s.deals {
		d := &s.deals[i]
		for k, o := range opts {
			var net float64
			switch o.Call {
			case gin.Gin:
				net = ownCallScore(0, d.dw)
			case gin.Knock:
				net = knockScore(afters[k], d.dw)
			default:
				s.play.Seed(d.seed, uint64(i))
				net = j.p.playOut(eleven.Remove(o.Card), afters[k], d, o.Card, oppFirst, v.Turn+1, s.playRng)
			}
			nets[k*len(s.deals)+i] = net
		}
	}
	return j.judgement(v, opts, at)
}

// discardOptions returns the options of a discard from eleven-card hand
// eleven, drawn not thrown, and the deadwood each leaves: every card
// played on, and when canCall, knocked at deadwood 1 to 10 or Gin at 0.
func discardOptions(eleven gin.Hand, drawn gin.Card, canCall bool) ([]Option, []int) {
	dd := gin.BestDiscards(eleven, gin.HandOf(drawn))
	var opts []Option
	var afters []int
	for x := uint64(eleven.Remove(drawn)); x != 0; x &= x - 1 {
		c := gin.Card(bits.TrailingZeros64(x))
		after, _ := dd.After(c)
		opts, afters = append(opts, Option{Pile: gin.NoPile, Card: c, Call: gin.Drop}), append(afters, after)
		switch {
		case !canCall || after > gin.KnockLimit:
		case after == 0:
			opts, afters = append(opts, Option{Pile: gin.NoPile, Card: c, Call: gin.Gin}), append(afters, after)
		default:
			opts, afters = append(opts, Option{Pile: gin.NoPile, Card: c, Call: gin.Knock}), append(afters, after)
		}
	}
	return opts, afters
}

// Draw judges the draw of view v: played is the pile the player drew
// from. Its options are the face-up card and the stock; after either the
// player discards and calls by the play-out's rule (ownTurn), and the
// round is played out from the opponent's turn.
func (j *Judge) Draw(v *gin.View, played gin.Pile) Judgement {
	return j.confirm(func() Judgement { return j.draw(v, played) })
}

// secondSalt keys the second opinion's deals (confirm).
const secondSalt = 0x5851f42d4c957f2d

// confirm judges a decision twice, on two independent sets of deals: the
// first chooses the best option (and the best with the call played), the
// second values them against the option played. The best of many options, each valued with some noise, looks
// better than it is (the winner's curse): valued once, every small noise
// would read as a loss, and the losses summed over a game would grow with
// the options a decision has. Valued again on other deals, the chosen
// option's advantage is measured without that bias; it may come out
// negative, which is no loss (Loss). Options other than these three keep
// their first values.
func (j *Judge) confirm(judge func() Judgement) Judgement {
	first := judge()
	if first.Best == first.Played && first.Same == first.Played {
		return first
	}
	s := j.p.rollout
	s.salt = secondSalt
	second := judge()
	s.salt = 0
	if len(second.Options) != len(first.Options) {
		return first
	}
	for _, k := range []int{first.Best, first.Same, first.Played} {
		first.Options[k].Points, first.Options[k].Win = second.Options[k].Points, second.Options[k].Win
	}
	first.SE = j.pairSE(first.Best, first.Played)
	first.SameSE = j.pairSE(first.Same, first.Played)
	first.CallSE = j.pairSE(first.Best, first.Same)
	first.Deals += second.Deals
	return first
}

// pairSE is the standard error of the difference of options a and b over
// the deals last played out (0 when they are one option).
func (j *Judge) pairSE(a, b int) float64 {
	if a == b {
		return 0
	}
	total, total2 := 0.0, 0.0
	for _, d := range j.p.rollout.deals {
		total += d.weight
		total2 += d.weight * d.weight
	}
	if total == 0 {
		return 0
	}
	return j.se(a, b, total, total*total/total2)
}

// draw is Draw on one set of deals.
func (j *Judge) draw(v *gin.View, played gin.Pile) Judgement {
	s := j.p.rollout
	v = visible(v, &s.visible)
	h := v.HandSet()
	opts := []Option{{Pile: gin.DiscardPile}}
	if v.StockLeft > 0 {
		opts = append(opts, Option{Pile: gin.StockPile})
	}
	at := 0
	if played == gin.StockPile && len(opts) > 1 {
		at = 1
	}
	// The deals are those of the ten cards and the face-up card, which
	// the opponent cannot hold: the stock draw is the deal's next card.
	s.deal(j.p, v, h.Add(v.Top), v.Top)
	oppFirst := s.tracker.OpponentPlays() == 0
	canCall := !v.FirstTurn()
	nets := j.grow(len(opts))
	for i := range s.deals {
		d := &s.deals[i]
		for k, o := range opts {
			s.play.Seed(d.seed, uint64(i))
			rest := *d
			drawn := v.Top
			if o.Pile == gin.StockPile && len(d.stock) > 0 {
				drawn, rest.stock = d.stock[0], d.stock[1:]
			}
			mine, dw, top, call := j.p.ownTurn(s.memos(), h, drawn, v.StockLeft, canCall)
			var net float64
			switch {
			case call != gin.Drop:
				net = ownCallScore(dw, d.dw)
			default:
				net = j.p.playOut(mine, dw, &rest, top, oppFirst, v.Turn+1, s.playRng)
			}
			nets[k*len(s.deals)+i] = net
		}
	}
	return j.judgement(v, opts, at)
}

// grow returns the buffer of net points for n options over the deals
// drawn.
func (j *Judge) grow(n int) []float64 {
	size := n * len(j.p.rollout.deals)
	if cap(j.nets) < size {
		j.nets = make([]float64, size)
	}
	j.nets = j.nets[:size]
	return j.nets
}

// judgement sums the net points of options opts over the deals (j.nets,
// option by option), the option played being at.
func (j *Judge) judgement(v *gin.View, opts []Option, at int) Judgement {
	deals := j.p.rollout.deals
	n := len(deals)
	jg := Judgement{Options: opts, Played: at, Best: at, Same: at, Deals: n}
	total, total2 := 0.0, 0.0
	for _, d := range deals {
		total += d.weight
		total2 += d.weight * d.weight
	}
	if total == 0 {
		return jg
	}
	for k := range opts {
		o := &opts[k]
		for i, d := range deals {
			net := j.nets[k*n+i]
			o.Points += d.weight * net
			o.Win += d.weight * j.win(v, net)
		}
		o.Points /= total
		o.Win /= total
	}
	jg.Best = bestOption(opts, at, func(Option) bool { return true })
	jg.Same = bestOption(opts, at, func(o Option) bool { return o.Call == opts[at].Call })
	nEff := total * total / total2
	jg.SE, jg.SameSE = j.se(jg.Best, at, total, nEff), j.se(jg.Same, at, total, nEff)
	jg.CallSE = j.se(jg.Best, jg.Same, total, nEff)
	return jg
}

// bestOption returns the option of the most Points among those of opts
// that in says are in, the first on a tie; at, the option played, on a
// tie with it: a tie with the play made is no loss.
func bestOption(opts []Option, at int, in func(Option) bool) int {
	best := at
	for k, o := range opts {
		if in(o) && o.Points > opts[best].Points+1e-9 {
			best = k
		}
	}
	return best
}

// se is the standard error of the mean difference of options a and b over
// the deals, of total weight total and effective number nEff (0 when they
// are one option).
func (j *Judge) se(a, b int, total, nEff float64) float64 {
	if a == b {
		return 0
	}
	deals := j.p.rollout.deals
	n := len(deals)
	sum, sq := 0.0, 0.0
	for i, d := range deals {
		diff := j.nets[a*n+i] - j.nets[b*n+i]
		sum += d.weight * diff
		sq += d.weight * diff * diff
	}
	mean := sum / total
	return math.Sqrt(max(0, sq/total-mean*mean) / nEff)
}

// win is the change in the player's chance of winning the game that a
// round of net points brings, from the totals of v; 0 without game values.
func (j *Judge) win(v *gin.View, net float64) float64 {
	g := j.game
	if g == nil {
		return 0
	}
	own, opp := v.Scores[0], v.Scores[1]
	before := g.At(own, opp)
	switch x := int(math.Round(net)); {
	case x > 0:
		return g.At(own+x, opp) - before
	case x < 0:
		return g.At(own, opp-x) - before
	}
	return 0
}
