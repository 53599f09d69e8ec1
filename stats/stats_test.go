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
		if !(math.Abs(lo-tc.lo) <= 5e-4) || !(math.Abs(hi-tc.hi) <= 5e-4) {
			t.Errorf("Wilson(%d, %d) = %.4f, %.4f, want %.4f, %.4f", tc.cases, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestPairedDifference(t *testing.T) {
	bits := func(s string) []bool {
		out := make([]bool, len(s))
		for i, c := range s {
			out[i] = c == '1'
		}
		return out
	}
	for _, tc := range []struct {
		name         string
		a, b         string
		diff, lo, hi float64
	}{
		// d = 1,0,0,0: mean 0.25, sd 0.5, half-width 1.96*0.5/2.
		{"one better", "1100", "0100", 0.25, 0.25 - Z95*0.25, 0.25 + Z95*0.25},
		{"same", "1010", "1010", 0, 0, 0},
		{"always better", "1111", "0000", 1, 1, 1},
		// d = 1,-1: mean 0, sd sqrt(2), clipped to -1..1.
		{"clipped", "10", "01", 0, -1, 1},
		{"one trial", "1", "0", 1, -1, 1},
		{"none", "", "", 0, -1, 1},
	} {
		diff, lo, hi := PairedDifference(bits(tc.a), bits(tc.b))
		if !(math.Abs(diff-tc.diff) <= 1e-12) || !(math.Abs(lo-tc.lo) <= 1e-12) || !(math.Abs(hi-tc.hi) <= 1e-12) {
			t.Errorf("%s: PairedDifference(%s, %s) = %.4f (%.4f, %.4f), want %.4f (%.4f, %.4f)",
				tc.name, tc.a, tc.b, diff, lo, hi, tc.diff, tc.lo, tc.hi)
		}
	}
}
