package train

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model/infer"
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

// Summary says what Fit used and did.
type Summary struct {
	Games     int // games in the corpus
	Decisions int // decisions with a labelled opponent hand, after its first play, in the games stepped on
	Cards     int // unseen cards over those decisions
	Epochs    int // passes over the corpus
	Steps     int // gradient steps
	// NegLogLikelihood is the mean negative log-likelihood of the
	// opponent's hand per decision over the last pass, on the games
	// stepped on, each game scored with the weights before its step (so
	// that on a single pass it is an out-of-sample figure).
	NegLogLikelihood float64
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
	for f.steps < opts.MinSteps && sum.Epochs < maxEpochs {
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
	sum.Steps, sum.NegLogLikelihood = f.steps, f.lastLoss
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
