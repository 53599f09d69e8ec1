package stats

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	// Reference values from the closed form, as tabulated by Newcombe (1998).
	for _, tc := range []struct {
		cases, n int
		lo, hi   float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{20, 20, 0.8389, 1},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(tc.cases, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f, want %.4f, %.4f", tc.cases, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}
