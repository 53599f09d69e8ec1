package bench

import (
	"math/rand/v2"
	"slices"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/review"
	"github.com/ginlog/ginlog/sim"
)

// resamples is the number of bootstrap resamples of the games behind
// priceHabit's intervals.
const resamples = 2000

// gameTally is what one game index contributes to a habit's prices.
type gameTally struct {
	brokenLoss, fixedLoss     float64 // the review's losses in the habit's kind
	brokenRounds, fixedRounds float64
	diff, common              float64 // the fixed player's net less the broken one's over the rounds both played; their number
}

// priceHabit prices the habit of kind of broken against fixed, whose
// games were played on the same deals (game i, round r): the review's
// price (broken's losses of kind a round less fixed's), the games' (fixed's
// net points a round less broken's, over the rounds both games reached),
// and the gap between them, each with a 95% interval from resampling the
// games (the same games for all three).
func priceHabit(broken, fixed *played, kind review.Kind, seed uint64) (cost, measured, gap Interval) {
	tallies := make([]gameTally, len(broken.records))
	start := sim.DefaultStart(seed)
	for _, p := range []*played{broken, fixed} {
		for _, g := range p.reviews {
			i := int(g.LogTS - start)
			loss := 0.0
			for _, d := range g.Decisions {
				if d.Kind == kind {
					loss += d.Loss()
				}
			}
			if p == broken {
				tallies[i].brokenLoss = loss
			} else {
				tallies[i].fixedLoss = loss
			}
		}
	}
	for i := range tallies {
		t := &tallies[i]
		b, f := broken.records[i].Rounds, fixed.records[i].Rounds
		t.brokenRounds, t.fixedRounds = float64(len(b)), float64(len(f))
		for r := range min(len(b), len(f)) {
			t.diff += float64(net(&f[r]) - net(&b[r]))
			t.common++
		}
	}
	estimate := func(ts []gameTally) [3]float64 {
		var s gameTally
		for _, t := range ts {
			s.brokenLoss, s.fixedLoss = s.brokenLoss+t.brokenLoss, s.fixedLoss+t.fixedLoss
			s.brokenRounds, s.fixedRounds = s.brokenRounds+t.brokenRounds, s.fixedRounds+t.fixedRounds
			s.diff, s.common = s.diff+t.diff, s.common+t.common
		}
		c := s.brokenLoss/s.brokenRounds - s.fixedLoss/s.fixedRounds
		m := s.diff / s.common
		return [3]float64{c, m, c - m}
	}
	point := estimate(tallies)
	rng := rand.New(rand.NewPCG(seed, resamples))
	draws := [3][]float64{}
	sample := make([]gameTally, len(tallies))
	for range resamples {
		for i := range sample {
			sample[i] = tallies[rng.IntN(len(tallies))]
		}
		e := estimate(sample)
		for k := range draws {
			draws[k] = append(draws[k], e[k])
		}
	}
	var out [3]Interval
	for k := range out {
		slices.Sort(draws[k])
		out[k] = Interval{Value: point[k], Lo: draws[k][resamples*25/1000], Hi: draws[k][resamples*975/1000-1]}
	}
	return out[0], out[1], out[2]
}

// net is the logged seat's net points of a round.
func net(r *gin.RoundRecord) int { return r.Points[gin.You] - r.Points[gin.Opp] }
