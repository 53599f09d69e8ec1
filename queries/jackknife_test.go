package queries

import (
	"math"
	"math/big"
	"testing"
)

// exactSpread is the jackknife's sums in rational arithmetic, rounded to
// the nearest float64 at the end: the reference jackknife must meet.
func exactSpread(counts []roundCount) (sum, sq float64) {
	var cases, opportunities int64
	for _, c := range counts {
		cases += int64(c.cases * c.rounds)
		opportunities += int64(c.opportunities * c.rounds)
	}
	s, q := new(big.Rat), new(big.Rat)
	for _, c := range counts {
		rest := opportunities - int64(c.opportunities)
		if rest == 0 {
			continue
		}
		w := big.NewRat(cases-int64(c.cases), rest)
		term := new(big.Rat).Mul(big.NewRat(int64(c.rounds), 1), w)
		s.Add(s, term)
		q.Add(q, term.Mul(term, w))
	}
	sum, _ = s.Float64()
	sq, _ = q.Float64()
	return sum, sq
}

// TestJackknife: the rate and the rounds add up, and the sums are the
// exact ones rounded once, for a handful of rounds and for millions, where
// the report's variance, SumSq - Sum²/k, keeps only their last digits.
func TestJackknife(t *testing.T) {
	for _, tc := range []struct {
		name   string
		counts []roundCount
		rate   Rate
		rounds int
	}{
		{"one round", []roundCount{{cases: 2, opportunities: 5, rounds: 1}}, Rate{2, 5}, 1},
		{"two rounds", []roundCount{{cases: 0, opportunities: 1, rounds: 1}, {cases: 3, opportunities: 4, rounds: 1}}, Rate{3, 5}, 2},
		{"millions of rounds", []roundCount{
			{cases: 0, opportunities: 1, rounds: 1_234_567}, {cases: 1, opportunities: 1, rounds: 2_345_678},
			{cases: 3, opportunities: 7, rounds: 456_789}, {cases: 7, opportunities: 9, rounds: 98_765},
			{cases: 12, opportunities: 30, rounds: 4_321},
		}, Rate{1*2_345_678 + 3*456_789 + 7*98_765 + 12*4_321, 1_234_567 + 2_345_678 + 7*456_789 + 9*98_765 + 30*4_321},
			1_234_567 + 2_345_678 + 456_789 + 98_765 + 4_321},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, sp := jackknife(tc.counts)
			if r != tc.rate || sp.Rounds != tc.rounds {
				t.Errorf("rate %+v over %d rounds, want %+v over %d", r, sp.Rounds, tc.rate, tc.rounds)
			}
			sum, sq := exactSpread(tc.counts)
			if sp.Sum != sum || sp.SumSq != sq {
				t.Errorf("sums %v, %v; exact %v, %v", sp.Sum, sp.SumSq, sum, sq)
			}
			if k := float64(sp.Rounds); k > 1 {
				if v := sp.SumSq - sp.Sum*sp.Sum/k; v < 0 || math.IsNaN(v) {
					t.Errorf("variance %v", v)
				}
			}
		})
	}
}
