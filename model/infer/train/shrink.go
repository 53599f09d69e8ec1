package train

import (
	"github.com/ginlog/ginlog/model/infer"
)

// Every validateEvery-th game of the corpus, up to maxValidation of them,
// is kept out of the steps to choose the shrinkage (see Fit).
const (
	validateEvery = 10
	maxValidation = 1000
)

// shrinkSteps is the number of shrinkage factors tried above zero: 0,
// 0.1, ..., 1.
const shrinkSteps = 10

// validates reports whether the i-th game of the corpus (from 0) is kept
// out for validation.
func validates(i int) bool {
	return i%validateEvery == validateEvery-1 && i/validateEvery < maxValidation
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
	f.each(len(f.validation), func(s *scratch, i int) {
		errs[i] = walk(f.validation[i], f.opts.Target, func(d *decision) {
			cards[i] += s.shrinkLosses(w, d, &sums[i])
		})
	})
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
