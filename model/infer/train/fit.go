// Package train fits the hand-inference model of package infer from
// replayed games, and measures it on held-out games against two
// baselines: the uniform over the unseen cards, and a hand-written
// Bayesian filter.
//
// Every logged game is labelled data: the log shows both players' hands
// on every turn, so at each decision of the viewer the opponent's real
// hand is known. Fit maximises the likelihood of those hands under the
// model (the conditional Bernoulli distribution of package infer, the
// very probabilities the model predicts) by mini-batch gradient steps
// over a stream of games: memory is bounded by a batch of games (and a
// bounded cache that lets a small corpus be passed over several times),
// never by the corpus.
package train

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model/infer"
	"github.com/ginlog/ginlog/replay"
)

// Options configure Fit. The zero value fits the opponent's hands with
// the defaults below.
type Options struct {
	Target Target
	// L2 is the penalty on the squared weights, per decision; 0 means
	// DefaultL2.
	L2 float64
	// Rate is the step size of the Adam updates; 0 means DefaultRate.
	Rate float64
	// BatchGames is the number of games per step; 0 means
	// DefaultBatchGames.
	BatchGames int
	// MinSteps is the least number of steps: a corpus that gives fewer in
	// one pass is passed over again. 0 means DefaultMinSteps.
	MinSteps int
	// Workers is the number of goroutines computing gradients; 0 means
	// one per CPU. The result does not depend on it.
	Workers int

	cacheGames int // the cache's size; 0 means cacheGames (tests set it)
}

// The defaults of Options.
const (
	DefaultL2         = 1e-4
	DefaultRate       = 0.03
	DefaultBatchGames = 16
	DefaultMinSteps   = 2000
)

// cacheGames is the most games Fit keeps from its first pass to pass over
// again; a larger corpus is ranged over again instead.
const cacheGames = 8192

// maxEpochs bounds the passes over a small corpus.
const maxEpochs = 5000

// averaging is the decay of the moving average of the weights that Fit
// returns: about the last hundred steps count.
const averaging = 0.99

// Every validateEvery-th game of the corpus, up to maxValidation of them,
// is kept out of the steps to choose the shrinkage (see Fit).
const (
	validateEvery = 10
	maxValidation = 1000
)

// shrinkSteps is the number of shrinkage factors tried above zero: 0,
// 0.1, ..., 1.
const shrinkSteps = 10

// Summary says what Fit used and did.
type Summary struct {
	Games     int // games in the corpus
	Decisions int // decisions with a labelled opponent hand, after its first play, in the games stepped on
	Cards     int // unseen cards over those decisions
	Epochs    int // passes over the corpus
	Steps     int // gradient steps
	// LogLoss is the mean log loss per unseen card over the last pass, on
	// the games stepped on, each game scored with the weights before its
	// step (so that on a single pass it is an out-of-sample figure).
	LogLoss float64
	// ValidationGames are the games kept out of the steps; Shrink is the
	// factor the fitted weights were multiplied by, the one that gave the
	// least log loss on them; ValidationLogLoss and UniformLogLoss are the
	// model's (shrunk) and the uniform's mean log loss per card there.
	ValidationGames   int
	Shrink            float64
	ValidationLogLoss float64
	UniformLogLoss    float64
}

// ErrNoDecisions is returned when the games hold no decision to learn
// from.
var ErrNoDecisions = errors.New("no decisions to learn from")

// ErrCorpusChanged is returned when ranging over the games again gives
// another number of games.
var ErrCorpusChanged = errors.New("the games changed between passes")

// Fit fits the model's parameters on games.
//
// Every tenth game (up to a thousand) is kept out for validation; the
// others are stepped on, Options.BatchGames at a time, with Adam steps on
// the mean negative log-likelihood of the opponent's hands per decision
// plus the L2 penalty, and the moving average of the weights is kept.
// Fit ranges over games once when that gives at least Options.MinSteps
// steps; a smaller corpus is passed over again, from a cache when it has
// at most 8,192 games, otherwise by ranging over games again (which must
// then give the same games in the same order). Last, the weights are
// shrunk towards zero (the uniform model) by the factor among 0, 0.1,
// ..., 1 that predicts the validation games best: with an opponent whose
// play says nothing of its hand, such as a random player, the fit falls
// back to the uniform instead of fitting noise.
//
// The games must be consistent (ErrGame otherwise); verified games are.
// The result depends on the games and their order, not on the number of
// workers.
func Fit(ctx context.Context, games iter.Seq2[*replay.Game, error], opts Options) (*infer.Params, Summary, error) {
	opts = opts.withDefaults()
	f := newFitter(opts)
	f.scoring = true
	var cache []*replay.Game
	caching := true
	first := func(yield func(*replay.Game, error) bool) {
		for g, err := range games {
			if err == nil && caching {
				if len(cache) < opts.cacheGames {
					cache = append(cache, g)
				} else {
					caching, cache = false, nil
				}
			}
			if !yield(g, err) {
				return
			}
		}
	}
	var sum Summary
	n, err := f.epoch(ctx, first, true)
	if err != nil {
		return nil, sum, err
	}
	sum.Games, sum.Decisions, sum.Cards = n, f.decisions, f.cards
	if f.decisions == 0 {
		return nil, sum, ErrNoDecisions
	}
	sum.Epochs = 1
	perEpoch := f.steps
	for f.steps < opts.MinSteps && sum.Epochs < maxEpochs {
		f.scoring = f.steps+perEpoch >= opts.MinSteps || sum.Epochs+1 == maxEpochs
		source := games
		if caching {
			source = sliceSeq(cache)
		}
		m, err := f.epoch(ctx, source, false)
		if err != nil {
			return nil, sum, err
		}
		if m != n {
			return nil, sum, fmt.Errorf("%w: %d games, then %d", ErrCorpusChanged, n, m)
		}
		sum.Epochs++
	}
	sum.Steps, sum.LogLoss = f.steps, f.lastLoss
	w := f.averaged()
	sum.ValidationGames = len(f.validation)
	sum.Shrink, sum.ValidationLogLoss, sum.UniformLogLoss, err = f.shrink(w)
	if err != nil {
		return nil, sum, err
	}
	for k := range w {
		w[k] *= sum.Shrink
	}
	p, err := infer.ParamsFromVector(w)
	if err != nil {
		return nil, sum, err
	}
	p.Games, p.Decisions = sum.Games, sum.Decisions
	return p, sum, nil
}

func (o Options) withDefaults() Options {
	if o.L2 == 0 {
		o.L2 = DefaultL2
	}
	if o.Rate == 0 {
		o.Rate = DefaultRate
	}
	if o.BatchGames <= 0 {
		o.BatchGames = DefaultBatchGames
	}
	if o.MinSteps <= 0 {
		o.MinSteps = DefaultMinSteps
	}
	if o.Workers <= 0 {
		o.Workers = runtime.NumCPU()
	}
	if o.cacheGames <= 0 {
		o.cacheGames = cacheGames
	}
	return o
}

func sliceSeq(games []*replay.Game) iter.Seq2[*replay.Game, error] {
	return func(yield func(*replay.Game, error) bool) {
		for _, g := range games {
			if !yield(g, nil) {
				return
			}
		}
	}
}

// fitter holds the state of the optimisation.
type fitter struct {
	opts       Options
	w, m, v    []float64 // the weights and Adam's moments
	avg        []float64 // the moving average of the weights
	steps      int
	grads      []gameGrad     // per game of a batch
	scratch    []scratch      // per worker
	validation []*replay.Game // the games kept out of the steps
	decisions  int            // counted in the current pass
	cards      int
	lossSum    float64
	lastLoss   float64
	scoring    bool // the pass computes the log loss
}

// gameGrad is one game's contribution to a step.
type gameGrad struct {
	g                []float64
	decisions, cards int
	loss             float64
	err              error
}

func newFitter(opts Options) *fitter {
	n := infer.NumWeights
	f := &fitter{opts: opts, w: make([]float64, n), m: make([]float64, n), v: make([]float64, n), avg: make([]float64, n)}
	f.grads = make([]gameGrad, opts.BatchGames)
	for i := range f.grads {
		f.grads[i].g = make([]float64, n)
	}
	f.scratch = make([]scratch, opts.Workers)
	return f
}

// validates reports whether the i-th game of the corpus (from 0) is kept
// out for validation.
func validates(i int) bool {
	return i%validateEvery == validateEvery-1 && i/validateEvery < maxValidation
}

// epoch makes one pass over games, stepping on all but the validation
// games, which the first pass collects, and returns how many games there
// were. The games are read on a goroutine of their own, a batch ahead of
// the steps.
func (f *fitter) epoch(ctx context.Context, games iter.Seq2[*replay.Game, error], first bool) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan []*replay.Game, 1)
	var readErr error
	n := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(batches)
		batch := make([]*replay.Game, 0, f.opts.BatchGames)
		send := func() bool {
			select {
			case batches <- batch:
				batch = make([]*replay.Game, 0, f.opts.BatchGames)
				return true
			case <-ctx.Done():
				return false
			}
		}
		for g, err := range games {
			if err != nil {
				readErr = err
				return
			}
			n++
			if validates(n - 1) {
				if first {
					f.validation = append(f.validation, g)
				}
				continue
			}
			if batch = append(batch, g); len(batch) == f.opts.BatchGames && !send() {
				return
			}
		}
		if len(batch) > 0 {
			send()
		}
	}()
	f.lossSum, f.decisions, f.cards = 0, 0, 0
	var err error
	for batch := range batches {
		if err = ctx.Err(); err == nil {
			err = f.step(batch)
		}
		if err != nil {
			cancel()
			for range batches {
			}
			break
		}
	}
	wg.Wait()
	if err == nil {
		err = readErr
	}
	if err != nil {
		return n, err
	}
	if f.cards > 0 {
		f.lastLoss = f.lossSum / float64(f.cards)
	}
	return n, nil
}

// shrink returns the factor among 0, 0.1, ..., 1 by which w best predicts
// the validation games (mean log loss per card, the lowest factor on a
// tie), that log loss, and the uniform's (factor 0). With no validation
// games it returns 1 and zero losses.
func (f *fitter) shrink(w []float64) (best, loss, uniform float64, err error) {
	if len(f.validation) == 0 {
		return 1, 0, 0, nil
	}
	sums := make([][shrinkSteps + 1]float64, len(f.validation))
	cards := make([]int, len(f.validation))
	errs := make([]error, len(f.validation))
	var next atomic.Int64
	var wg sync.WaitGroup
	for wi := range f.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &f.scratch[wi]
			for {
				i := int(next.Add(1)) - 1
				if i >= len(f.validation) {
					return
				}
				errs[i] = walk(f.validation[i], f.opts.Target, func(d *decision) {
					cards[i] += s.shrinkLosses(w, d, &sums[i])
				})
			}
		}()
	}
	wg.Wait()
	var total [shrinkSteps + 1]float64
	n := 0
	for i := range sums {
		if errs[i] != nil {
			return 0, 0, 0, errs[i]
		}
		for k, v := range sums[i] {
			total[k] += v
		}
		n += cards[i]
	}
	if n == 0 {
		return 1, 0, 0, nil
	}
	k := 0
	for j := range total {
		if total[j] < total[k] {
			k = j
		}
	}
	return float64(k) / shrinkSteps, total[k] / float64(n), total[0] / float64(n), nil
}

// step computes the gradient of a batch of games, on the workers, and
// takes one Adam step. The games' gradients are summed in batch order, so
// the result does not depend on the number of workers.
func (f *fitter) step(batch []*replay.Game) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for wi := range f.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &f.scratch[wi]
			for {
				i := int(next.Add(1)) - 1
				if i >= len(batch) {
					return
				}
				gg := &f.grads[i]
				clear(gg.g)
				gg.decisions, gg.cards, gg.loss = 0, 0, 0
				gg.err = walk(batch[i], f.opts.Target, func(d *decision) { s.accumulate(f.w, d, gg, f.scoring) })
			}
		}()
	}
	wg.Wait()
	decisions := 0
	for i := range batch {
		gg := &f.grads[i]
		if gg.err != nil {
			return gg.err
		}
		decisions += gg.decisions
		f.decisions += gg.decisions
		f.cards += gg.cards
		f.lossSum += gg.loss
	}
	if decisions == 0 {
		return nil
	}
	g := f.grads[0].g
	for i := 1; i < len(batch); i++ {
		for k, v := range f.grads[i].g {
			g[k] += v
		}
	}
	f.steps++
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(beta1, float64(f.steps))
	c2 := 1 - math.Pow(beta2, float64(f.steps))
	for k := range f.w {
		gk := g[k]/float64(decisions) + f.opts.L2*f.w[k]
		f.m[k] = beta1*f.m[k] + (1-beta1)*gk
		f.v[k] = beta2*f.v[k] + (1-beta2)*gk*gk
		f.w[k] -= f.opts.Rate * (f.m[k] / c1) / (math.Sqrt(f.v[k]/c2) + eps)
		f.avg[k] = averaging*f.avg[k] + (1-averaging)*f.w[k]
	}
	return nil
}

// averaged returns the moving average of the weights, corrected for its
// start at zero.
func (f *fitter) averaged() []float64 {
	out := make([]float64, len(f.avg))
	c := 1 - math.Pow(averaging, float64(f.steps))
	for k, v := range f.avg {
		out[k] = v / c
	}
	return out
}

// scratch is a worker's memory for one decision.
type scratch struct {
	pr          infer.Problem
	z, pi, full [gin.NumCards]float64
}

// accumulate adds decision d's gradient of the negative log-likelihood of
// the opponent's hand, under weights w, to gg, and with score its cards'
// log loss.
func (s *scratch) accumulate(w []float64, d *decision, gg *gameGrad, score bool) {
	if d.tracker.OpponentPlays() == 0 {
		return // the model is the uniform there (infer.Tracker.Probabilities)
	}
	d.tracker.Problem(&s.pr)
	n := len(s.pr.Cards)
	z, pi := s.z[:n], s.pi[:n]
	for i := range s.pr.Features {
		sum := 0.0
		for _, k := range s.pr.Features[i] {
			sum += w[k]
		}
		z[i] = sum
	}
	infer.Marginals(z, s.pr.Count, pi)
	for i, c := range s.pr.Cards {
		p, y := pi[i], 0.0
		if d.hand.Has(c) {
			y = 1
		}
		for _, k := range s.pr.Features[i] {
			gg.g[k] += p - y
		}
		if score {
			gg.loss += logLoss(p, y)
		}
	}
	gg.decisions++
	gg.cards += n
}

// shrinkLosses adds to sums[k] the log loss of decision d's unseen cards
// under weights w shrunk by k/shrinkSteps, and returns the number of
// cards.
func (s *scratch) shrinkLosses(w []float64, d *decision, sums *[shrinkSteps + 1]float64) int {
	if d.tracker.OpponentPlays() == 0 {
		return 0 // the model is the uniform there, whatever the shrinkage
	}
	d.tracker.Problem(&s.pr)
	n := len(s.pr.Cards)
	full, z, pi := s.full[:n], s.z[:n], s.pi[:n]
	for i := range s.pr.Features {
		sum := 0.0
		for _, k := range s.pr.Features[i] {
			sum += w[k]
		}
		full[i] = sum
	}
	for k := range sums {
		scale := float64(k) / shrinkSteps
		for i := range z {
			z[i] = scale * full[i]
		}
		infer.Marginals(z, s.pr.Count, pi)
		for i, c := range s.pr.Cards {
			y := 0.0
			if d.hand.Has(c) {
				y = 1
			}
			sums[k] += logLoss(pi[i], y)
		}
	}
	return n
}

// logLoss is the log loss of probability p for outcome y (0 or 1), with p
// kept a little away from 0 and 1.
func logLoss(p, y float64) float64 {
	const eps = 1e-12
	p = min(max(p, eps), 1-eps)
	if y == 1 {
		return -math.Log(p)
	}
	return -math.Log(1 - p)
}
