package train

import (
	"context"
	"iter"
	"math"
	"sync"
	"sync/atomic"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model/infer"
)

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
	lossSum    float64 // the negative log-likelihood, over the current pass
	lastLoss   float64 // its mean per decision over the last pass
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
	if err == nil {
		err = ctx.Err() // the reader may have stopped at a cancellation before any batch
	}
	if err != nil {
		return n, err
	}
	if f.decisions > 0 {
		f.lastLoss = f.lossSum / float64(f.decisions)
	}
	return n, nil
}

// step computes the gradient of a batch of games, on the workers, and
// takes one Adam step. The games' gradients are summed in batch order, so
// the result does not depend on the number of workers.
func (f *fitter) step(batch []*replay.Game) error {
	f.each(len(batch), func(s *scratch, i int) {
		gg := &f.grads[i]
		clear(gg.g)
		gg.decisions, gg.cards, gg.loss = 0, 0, 0
		gg.err = walk(batch[i], f.opts.Target, func(d *decision) { s.accumulate(f.w, d, gg) })
	})
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

// each calls work(s, i) for every i in [0, n) on the fitter's workers,
// each with its own scratch, and returns when every call has.
func (f *fitter) each(n int, work func(s *scratch, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for wi := range f.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &f.scratch[wi]
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				work(s, i)
			}
		}()
	}
	wg.Wait()
}

// scratch is a worker's memory for one decision.
type scratch struct {
	pr          infer.Problem
	z, pi, full [gin.NumCards]float64
}

// accumulate adds decision d's negative log-likelihood of the opponent's
// hand under weights w, and its gradient, to gg. The likelihood is the
// conditional Bernoulli's: the sum of the held cards' scores less the log
// normaliser; its gradient in a card's score is the card's probability
// less 1 if held, 0 if not.
func (s *scratch) accumulate(w []float64, d *decision, gg *gameGrad) {
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
	logNorm := infer.Marginals(z, s.pr.Count, pi)
	held := 0.0
	for i, c := range s.pr.Cards {
		p, y := pi[i], 0.0
		if d.hand.Has(c) {
			y = 1
		}
		for _, k := range s.pr.Features[i] {
			gg.g[k] += p - y
		}
		if y == 1 {
			held += z[i]
		}
	}
	gg.loss += logNorm - held
	gg.decisions++
	gg.cards += n
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
