package train

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/bits"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model/infer"
)

// Predictor is one of the predictions Evaluate compares.
type Predictor int

// The predictors.
const (
	Model   Predictor = iota // the fitted model
	Uniform                  // every unseen card equally likely
	Filter                   // the hand-written Bayesian filter (infer.Tracker.Filter)
	NumPredictors
)

var predictorNames = [NumPredictors]string{"model", "uniform", "filter"}

// String names the predictor: model, uniform or filter.
func (p Predictor) String() string { return predictorNames[p] }

// Score is a predictor's mean loss per unseen card.
type Score struct {
	LogLoss float64 // in nats
	Brier   float64
}

// PhaseScores are the scores of the decisions of one phase of the round
// (or of all of them).
type PhaseScores struct {
	Phase     string // the stock left, as "23-25", or "all"
	Decisions int
	Cards     int // unseen cards scored
	Scores    [NumPredictors]Score
	// Gains[b] is the model's gain over baseline b on these decisions
	// (Gains[Model] is zero); its interval counts the games with a card
	// scored here as the clusters.
	Gains [NumPredictors]Gain
}

// Gain is how much lower the model's loss is than a baseline's, per unseen
// card, with a 95% interval that treats games as independent clusters (the
// decisions of a game are not).
type Gain struct {
	LogLoss, LogLossLow, LogLossHigh float64
	Brier, BrierLow, BrierHigh       float64
	// Relative is the log loss gain as a share of the baseline's log loss.
	Relative float64
}

// NumBins is the number of calibration bins.
const NumBins = 10

// Bin is a calibration bin: the unseen cards whose predicted probability
// fell in [Low, High) (the last bin includes 1), their mean predicted
// probability, and the share of them the opponent held.
type Bin struct {
	Low, High float64
	Cards     int
	Predicted float64
	Observed  float64
}

// Evaluation is how well the model and the baselines predicted the
// opponent's hand on a set of games.
type Evaluation struct {
	Target    Target
	Games     int
	Decisions int
	Cards     int
	Phases    [infer.NumPhases]PhaseScores
	All       PhaseScores
	// Gains[b] is the model's gain over baseline b over all the decisions
	// (Gains[Model] is zero): All.Gains.
	Gains [NumPredictors]Gain
	// Calibration[p] are predictor p's calibration bins.
	Calibration [NumPredictors][NumBins]Bin
}

// Evaluate scores the model with parameters p, the uniform baseline and
// the Bayesian filter on games (held out from the fit: split by game), at
// every decision of the viewer of target: log loss and Brier score per
// unseen card, by phase, the model's gains with their intervals, and the
// calibration bins.
func Evaluate(ctx context.Context, p *infer.Params, games iter.Seq2[*replay.Game, error], target Target) (*Evaluation, error) {
	m, err := infer.NewModel(p)
	if err != nil {
		return nil, err
	}
	e := &Evaluation{Target: target}
	var acc evalAcc
	for g, err := range games {
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := walk(g, target, func(d *decision) { acc.decision(m, d) }); err != nil {
			return nil, err
		}
		acc.endGame()
		e.Games++
	}
	if acc.all.Decisions == 0 {
		return nil, fmt.Errorf("evaluate: %w", ErrNoDecisions)
	}
	acc.fill(e)
	return e, nil
}

// evalAcc accumulates sums while Evaluate walks the games.
type evalAcc struct {
	phases [infer.NumPhases]PhaseScores // sums, not means, until fill
	all    PhaseScores
	bins   [NumPredictors][NumBins]Bin
	// the clusters of each phase, then of all the decisions (index
	// infer.NumPhases)
	clusters [infer.NumPhases + 1]clusterSums
	probs    [NumPredictors][gin.NumCards]float64
}

// clusterSums are the sums a gain's cluster interval needs, over the
// games with a card scored in one phase (or in any).
type clusterSums struct {
	game      [NumPredictors]Score // the current game's sums
	gameCards int
	// per baseline, sums over games of the loss difference d and cards n
	// (log loss, then Brier): d, d*d, d*n
	diff          [NumPredictors][2][3]float64
	cards, cards2 float64 // sums over games of n and n*n
	games         int
}

func (a *evalAcc) decision(m *infer.Model, d *decision) {
	t := d.tracker
	t.Probabilities(m, &a.probs[Model])
	t.Uniform(&a.probs[Uniform])
	t.Filter(&a.probs[Filter])
	ps := &a.phases[d.phase]
	ps.Decisions++
	a.all.Decisions++
	phase, all := &a.clusters[d.phase], &a.clusters[infer.NumPhases]
	for h := t.Unseen(); h != 0; h &= h - 1 {
		c := gin.Card(bits.TrailingZeros64(uint64(h)))
		y := 0.0
		if d.hand.Has(c) {
			y = 1
		}
		ps.Cards++
		a.all.Cards++
		phase.gameCards++
		all.gameCards++
		for pi := range NumPredictors {
			p := a.probs[pi][c]
			ll, br := logLoss(p, y), (p-y)*(p-y)
			ps.Scores[pi].LogLoss += ll
			ps.Scores[pi].Brier += br
			a.all.Scores[pi].LogLoss += ll
			a.all.Scores[pi].Brier += br
			phase.game[pi].LogLoss += ll
			phase.game[pi].Brier += br
			all.game[pi].LogLoss += ll
			all.game[pi].Brier += br
			b := &a.bins[pi][bin(p)]
			b.Cards++
			b.Predicted += p
			b.Observed += y
		}
	}
}

// bin returns the calibration bin of probability p. The predictors keep
// p in [0, 1]; the bin stays an index of the bins whatever p is.
func bin(p float64) int {
	switch {
	case !(p > 0): // NaN too
		return 0
	case p >= 1:
		return NumBins - 1
	}
	return min(NumBins-1, int(p*NumBins))
}

// endGame adds the current game's sums to the cluster sums of each phase
// and starts the next game.
func (a *evalAcc) endGame() {
	for i := range a.clusters {
		a.clusters[i].endGame()
	}
}

// endGame adds the current game's sums, if it scored a card, and clears
// them.
func (c *clusterSums) endGame() {
	if c.gameCards == 0 {
		return
	}
	n := float64(c.gameCards)
	c.games++
	c.cards += n
	c.cards2 += n * n
	for b := range NumPredictors {
		for k, d := range [2]float64{c.game[b].LogLoss - c.game[Model].LogLoss, c.game[b].Brier - c.game[Model].Brier} {
			c.diff[b][k][0] += d
			c.diff[b][k][1] += d * d
			c.diff[b][k][2] += d * n
		}
	}
	c.game = [NumPredictors]Score{}
	c.gameCards = 0
}

// fill turns the sums into e's means, gains and bins.
func (a *evalAcc) fill(e *Evaluation) {
	mean := func(s *PhaseScores) {
		for pi := range s.Scores {
			if s.Cards > 0 {
				s.Scores[pi].LogLoss /= float64(s.Cards)
				s.Scores[pi].Brier /= float64(s.Cards)
			}
		}
	}
	gains := func(s *PhaseScores, c *clusterSums) {
		for b := Uniform; b < NumPredictors; b++ {
			g := &s.Gains[b]
			g.LogLoss, g.LogLossLow, g.LogLossHigh = c.ratio(c.diff[b][0])
			g.Brier, g.BrierLow, g.BrierHigh = c.ratio(c.diff[b][1])
			if base := s.Scores[b].LogLoss; base > 0 {
				g.Relative = g.LogLoss / base
			}
		}
	}
	for ph := range a.phases {
		e.Phases[ph] = a.phases[ph]
		e.Phases[ph].Phase = infer.PhaseName(ph)
		mean(&e.Phases[ph])
		gains(&e.Phases[ph], &a.clusters[ph])
	}
	e.All = a.all
	e.All.Phase = "all"
	mean(&e.All)
	gains(&e.All, &a.clusters[infer.NumPhases])
	e.Decisions, e.Cards = e.All.Decisions, e.All.Cards
	e.Gains = e.All.Gains
	for pi := range a.bins {
		for i := range a.bins[pi] {
			b := a.bins[pi][i]
			b.Low, b.High = float64(i)/NumBins, float64(i+1)/NumBins
			if b.Cards > 0 {
				b.Predicted /= float64(b.Cards)
				b.Observed /= float64(b.Cards)
			}
			e.Calibration[pi][i] = b
		}
	}
}

// ratio returns the ratio estimate sum(d)/sum(n) of a mean difference per
// card from per-game sums s = (sum d, sum d*d, sum d*n), with the bounds of
// its 95% interval by the linearised (cluster) variance. Without a card
// the estimate is 0 and the interval unbounded.
func (c *clusterSums) ratio(s [3]float64) (est, low, high float64) {
	if c.cards == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	est = s[0] / c.cards
	if c.games < 2 {
		return est, math.Inf(-1), math.Inf(1)
	}
	ss := s[1] - 2*est*s[2] + est*est*c.cards2 // sum of (d - est*n)^2
	g := float64(c.games)
	se := math.Sqrt(max(0, ss)*g/(g-1)) / c.cards
	return est, est - 1.96*se, est + 1.96*se
}
