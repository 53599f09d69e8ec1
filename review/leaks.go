package review

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/stats"
)

// WorstPerLeak is how many of its worst decisions a leak keeps.
const WorstPerLeak = 3

// Leak is the decisions of one kind with one action in one situation,
// and what they lost.
type Leak struct {
	Kind Kind
	Situation
	Decisions int // the times the action was played in the situation
	Losses    int // the times it lost at least Inaccuracy
	// RateLo and RateHi bound Losses/Decisions (95%, Wilson).
	RateLo, RateHi float64
	Lost           float64 // the net points lost, in all
	// PerGame is Lost per reviewed game, Lo and Hi its 95% interval with
	// the games as clusters (the normal interval of the mean of the games'
	// losses; Lo = Hi = PerGame with fewer than two games).
	PerGame, Lo, Hi float64
	Worst           []Decision // up to WorstPerLeak, the worst first
}

// Rate returns the share of the leak's decisions that lost at least
// Inaccuracy.
func (l *Leak) Rate() float64 {
	if l.Decisions == 0 {
		return 0
	}
	return float64(l.Losses) / float64(l.Decisions)
}

// Explain says what the leak is in one line, who being Who's "you" or
// "they": "you play on with a legal knock at deadwood 1-5 available: a
// loss 353 of 353 times; ~4.2 points a game".
func (l *Leak) Explain(who string) string {
	return fmt.Sprintf("%s %s %s: a loss %d of %d times; ~%.1f points a game", who, l.Action, l.Context, l.Losses, l.Decisions, l.PerGame)
}

// Truncation is a game reviewed up to its first violation.
type Truncation struct {
	Game      int64
	LogTS     int64
	Violation replay.Violation
}

// Report sums up the reviews of a run.
type Report struct {
	Games     int
	Decisions int
	Classes   [NumClasses]int // decisions by class
	ByKind    [NumKinds]KindTotal
	Lost      float64 // net points lost, in all
	WinLost   float64 // chance of winning the game lost, in all
	Evaluated int     // judgements asked of the evaluator (the rest were stored)
	Truncated []Truncation
	Leaks     []Leak     // the most points lost per game first
	Worst     []Decision // the biggest losses, at least Inaccuracy, the worst first
}

// KindTotal is the decisions of one kind and what they lost.
type KindTotal struct {
	Decisions int
	Lost      float64
}

// Accuracy returns the share of decisions that lost less than Inaccuracy,
// and 1 without decisions.
func (r *Report) Accuracy() float64 {
	if r.Decisions == 0 {
		return 1
	}
	return float64(r.Classes[Good]) / float64(r.Decisions)
}

// PerGame returns x per reviewed game.
func (r *Report) PerGame(x float64) float64 {
	if r.Games == 0 {
		return 0
	}
	return x / float64(r.Games)
}

// leakKey groups decisions into leaks.
type leakKey struct {
	kind Kind
	Situation
}

// Summarise sums up games, keeping the worst decisions of the run.
func Summarise(games []*Game, worst int) *Report {
	r := &Report{Games: len(games)}
	byKey := map[leakKey]*Leak{}
	perGame := map[leakKey][]float64{}
	var all []Decision
	for gi, g := range games {
		r.Evaluated += g.Evaluated
		if g.Violation != nil {
			r.Truncated = append(r.Truncated, Truncation{Game: g.ID, LogTS: g.LogTS, Violation: *g.Violation})
		}
		for _, d := range g.Decisions {
			loss := d.Loss()
			r.Decisions++
			r.Classes[d.Class()]++
			r.ByKind[d.Kind].Decisions++
			r.ByKind[d.Kind].Lost += loss
			r.Lost += loss
			r.WinLost += d.WinLoss()
			k := leakKey{d.Kind, d.Situation}
			l := byKey[k]
			if l == nil {
				l = &Leak{Kind: d.Kind, Situation: d.Situation}
				byKey[k] = l
				perGame[k] = make([]float64, len(games))
			}
			l.Decisions++
			if d.Class() != Good {
				l.Losses++
			}
			l.Lost += loss
			perGame[k][gi] += loss
			l.Worst = keepWorst(l.Worst, d, WorstPerLeak)
			if d.Class() != Good {
				all = append(all, d)
			}
		}
	}
	for k, l := range byKey {
		if l.Lost <= 0 {
			continue
		}
		l.RateLo, l.RateHi = stats.Wilson(l.Losses, l.Decisions)
		l.PerGame, l.Lo, l.Hi = clusterMean(perGame[k])
		r.Leaks = append(r.Leaks, *l)
	}
	slices.SortFunc(r.Leaks, func(a, b Leak) int {
		return cmp.Or(cmp.Compare(b.Lost, a.Lost), cmp.Compare(a.Kind, b.Kind),
			cmp.Compare(a.Action, b.Action), cmp.Compare(a.Context, b.Context))
	})
	slices.SortStableFunc(all, worse)
	r.Worst = all[:min(worst, len(all))]
	return r
}

// worse orders decisions by loss, the biggest first, then by place.
func worse(a, b Decision) int {
	return cmp.Or(cmp.Compare(b.Loss(), a.Loss()), cmp.Compare(a.Game, b.Game), cmp.Compare(a.Round, b.Round),
		cmp.Compare(a.Ply, b.Ply), cmp.Compare(a.Kind, b.Kind))
}

// keepWorst adds d to list, the n worst decisions, worst first.
func keepWorst(list []Decision, d Decision, n int) []Decision {
	i, _ := slices.BinarySearchFunc(list, d, worse)
	if i >= n {
		return list
	}
	list = slices.Insert(list, i, d)
	return list[:min(len(list), n)]
}

// clusterMean returns the mean of the games' values and its 95% normal
// interval, bounded below by 0 (a loss is never negative); with fewer
// than two games the interval is the mean.
func clusterMean(x []float64) (mean, lo, hi float64) {
	n := float64(len(x))
	if len(x) == 0 {
		return 0, 0, 0
	}
	for _, v := range x {
		mean += v
	}
	mean /= n
	if len(x) < 2 {
		return mean, mean, mean
	}
	var ss float64
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	half := stats.Z95 * math.Sqrt(ss/(n-1)/n)
	return mean, max(0, mean-half), mean + half
}

// Who names a side in explanations: "you" or "they" (the opponent).
func Who(side gin.Seat) string {
	if side == gin.You {
		return "you"
	}
	return "they"
}
