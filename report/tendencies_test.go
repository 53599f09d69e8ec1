package report

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
)

// spreadOf returns the rate and jackknife spread of counts given round by
// round, the obvious way.
func spreadOf(rounds []queries.Rate) (queries.Rate, queries.Spread) {
	var total queries.Rate
	for _, r := range rounds {
		total.Cases += r.Cases
		total.Opportunities += r.Opportunities
	}
	s := queries.Spread{Rounds: len(rounds)}
	for _, r := range rounds {
		if rest := total.Opportunities - r.Opportunities; rest > 0 {
			w := float64(total.Cases-r.Cases) / float64(rest)
			s.Sum += w
			s.SumSq += w * w
		}
	}
	return total, s
}

// independent returns n rounds of one opportunity each, cases of them hits.
func independent(cases, n int) []queries.Rate {
	out := make([]queries.Rate, n)
	for i := range out {
		out[i].Opportunities = 1
		if i < cases {
			out[i].Cases = 1
		}
	}
	return out
}

// measure returns the rates of one measure: the opponent's and yours,
// each as independent opportunities.
func measure(m queries.Measure, oppCases, oppN, youCases, youN int) queries.MeasureRates {
	mr := queries.MeasureRates{Measure: m}
	mr.Sides[gin.Opp], mr.Spread[gin.Opp] = spreadOf(independent(oppCases, oppN))
	mr.Sides[gin.You], mr.Spread[gin.You] = spreadOf(independent(youCases, youN))
	return mr
}

func TestInterval(t *testing.T) {
	near := func(a, b [2]float64) bool { return math.Abs(a[0]-b[0]) < 1e-9 && math.Abs(a[1]-b[1]) < 1e-9 }
	allOrNothing := func(rounds, size, hits int) []queries.Rate {
		out := make([]queries.Rate, rounds)
		for i := range out {
			out[i].Opportunities = size
			if i < hits {
				out[i].Cases = size
			}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		rounds []queries.Rate
		want   [2]float64
	}{
		{"no opportunities", nil, [2]float64{0, 0}},
		{"independent plays: Wilson on one fewer", independent(30, 100), wilson(0.3, 99)},
		{"every round all or nothing: Wilson on the rounds", allOrNothing(50, 8, 20), wilson(0.4, 49)},
		{"never: counts the rounds", allOrNothing(40, 5, 0), wilson(0, 40)},
		{"always: counts the rounds", allOrNothing(40, 5, 40), wilson(1, 40)},
		{"one round", []queries.Rate{{Cases: 3, Opportunities: 9}}, wilson(1.0/3, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, s := spreadOf(tc.rounds)
			if got := interval(r, s); !near(got, tc.want) {
				t.Errorf("interval %v, want %v", got, tc.want)
			}
		})
	}
}

// TestIntervalProperties: on random rounds, the interval holds the rate and
// is never narrower than if every opportunity were independent.
func TestIntervalProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		rounds := make([]queries.Rate, 1+rng.IntN(40))
		for i := range rounds {
			n := 1 + rng.IntN(1+rng.IntN(60))
			rounds[i] = queries.Rate{Cases: rng.IntN(n + 1), Opportunities: n}
		}
		r, s := spreadOf(rounds)
		got := interval(r, s)
		lo, hi := r.Interval()
		p := r.Value()
		if got[0] > p+1e-12 || got[1] < p-1e-12 || got[0] > lo+1e-12 || got[1] < hi-1e-12 {
			t.Fatalf("rounds %v: interval %v for rate %v, independent %v", rounds, got, p, [2]float64{lo, hi})
		}
	}
}

func TestRankTendencies(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ms     []queries.MeasureRates
		listed []queries.Measure
		notes  []string
	}{
		{"clear difference listed",
			[]queries.MeasureRates{measure(queries.TakeNear, 100, 100, 0, 100)},
			[]queries.Measure{queries.TakeNear}, []string{""}},
		{"small samples left out",
			[]queries.MeasureRates{measure(queries.TakeNear, 9, 9, 0, 100), measure(queries.TakeMeld, 50, 50, 0, 9)},
			nil, []string{noteSmall, noteSmall}},
		{"a wide interval left out",
			[]queries.MeasureRates{measure(queries.KnockHigh, 10, 20, 0, 400)},
			nil, []string{noteWide}},
		{"a gap under 3 points left out",
			[]queries.MeasureRates{measure(queries.DiscardWorse, 2800, 10000, 2500, 10000)},
			nil, []string{noteNarrow}},
		{"overlapping intervals left out",
			[]queries.MeasureRates{measure(queries.GinCall, 50, 200, 60, 200)},
			nil, []string{noteOverlap}},
		{"largest gap first, ties in measure order",
			[]queries.MeasureRates{
				measure(queries.TakeMeld, 60, 200, 20, 200),
				measure(queries.TakeNear, 200, 200, 0, 200),
				measure(queries.TakeNone, 20, 200, 60, 200),
			},
			[]queries.Measure{queries.TakeNear, queries.TakeMeld, queries.TakeNone}, []string{"", "", ""}},
		{"at most five",
			[]queries.MeasureRates{
				measure(queries.TakeMeld, 200, 200, 0, 200), measure(queries.TakeNear, 190, 200, 0, 200),
				measure(queries.TakeNone, 180, 200, 0, 200), measure(queries.KnockPassed, 170, 200, 0, 200),
				measure(queries.KnockHigh, 160, 200, 0, 200), measure(queries.Undercut, 150, 200, 0, 200),
			},
			[]queries.Measure{queries.TakeMeld, queries.TakeNear, queries.TakeNone, queries.KnockPassed, queries.KnockHigh},
			[]string{"", "", "", "", "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			listed, all := rankTendencies(tc.ms, 10)
			var got []queries.Measure
			for _, l := range listed {
				got = append(got, l.Measure)
			}
			if !equal(got, tc.listed) {
				t.Errorf("listed %v, want %v", got, tc.listed)
			}
			for i, a := range all {
				if a.Note != tc.notes[i] {
					t.Errorf("%s: note %q, want %q", a.Measure, a.Note, tc.notes[i])
				}
			}
		})
	}
}

func TestPercentOf(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{{0, "0"}, {0.0004, "0.1"}, {0.004, "0.4"}, {0.005, "0.5"}, {0.0051, "1"}, {0.5, "50"}, {0.994, "99"}, {0.995, "99.5"}, {0.9996, "99.9"}, {1, "100"}} {
		if got := percentOf(tc.v); got != tc.want {
			t.Errorf("percentOf(%v) = %s, want %s", tc.v, got, tc.want)
		}
	}
}

func equal(a, b []queries.Measure) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRankAgainstReference ranks random measures and compares with the
// rule applied the slow way: every measure's gap checked by hand, then the
// listed ones picked largest first.
func TestRankAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		var ms []queries.MeasureRates
		for _, m := range queries.Measures {
			on, yn := rng.IntN(300), rng.IntN(300)
			ms = append(ms, measure(m, rng.IntN(on+1), on, rng.IntN(yn+1), yn))
		}
		listed, _ := rankTendencies(ms, 10)
		// The reference: eligible measures and their gaps.
		var want []queries.Measure
		gaps := map[queries.Measure]float64{}
		for _, m := range ms {
			o, y := m.Sides[gin.Opp], m.Sides[gin.You]
			if o.Opportunities < 10 || y.Opportunities < 10 {
				continue
			}
			oc, yc := interval(o, m.Spread[gin.Opp]), interval(y, m.Spread[gin.You])
			if oc[1]-oc[0] > maxWidth {
				continue
			}
			g := 0.0
			if oc[0] > yc[1] {
				g = oc[0] - yc[1]
			} else if yc[0] > oc[1] {
				g = yc[0] - oc[1]
			}
			if g >= minGap {
				gaps[m.Measure] = g
			}
		}
		for len(want) < maxListed && len(gaps) > 0 {
			var best queries.Measure
			for _, m := range queries.Measures {
				if g, ok := gaps[m]; ok && (best == "" || g > gaps[best]) {
					best = m
				}
			}
			want = append(want, best)
			delete(gaps, best)
		}
		var got []queries.Measure
		for _, l := range listed {
			got = append(got, l.Measure)
		}
		if !equal(got, want) {
			t.Fatalf("listed %v, reference %v", got, want)
		}
	}
}
