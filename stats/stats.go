// Package stats holds the small statistics ginlog reports with every rate:
// the Wilson score interval for a proportion.
package stats

import "math"

// Z95 is the normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of cases out of n. With n 0
// it returns 0 and 1: nothing is known.
func Wilson(cases, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(cases) / float64(n)
	nn := float64(n)
	z2 := Z95 * Z95
	center := (p + z2/(2*nn)) / (1 + z2/nn)
	half := Z95 / (1 + z2/nn) * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn))
	lo, hi = math.Max(0, center-half), math.Min(1, center+half)
	// Rounding must not exclude the observed rate at the edges.
	if cases == 0 {
		lo = 0
	}
	if cases == n {
		hi = 1
	}
	return lo, hi
}
