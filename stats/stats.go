// Package stats holds the small statistics ginlog reports with every rate:
// the Wilson score interval for a proportion, and the interval of a paired
// difference of two rates measured on the same trials.
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

// PairedDifference returns the mean of a[i]-b[i] over trials where both
// a and b were measured (a success counting 1), with its 95% interval by
// the normal approximation: the difference of two rates on the same deals,
// whose interval is much narrower than the two rates' own when the trials
// vary more than the players. With fewer than two trials the interval is
// -1 to 1.
func PairedDifference(a, b []bool) (diff, lo, hi float64) {
	n := min(len(a), len(b))
	if n == 0 {
		return 0, -1, 1
	}
	var sum, sumSq float64
	for i := range n {
		d := b2f(a[i]) - b2f(b[i])
		sum += d
		sumSq += d * d
	}
	nn := float64(n)
	diff = sum / nn
	if n < 2 {
		return diff, -1, 1
	}
	variance := (sumSq - nn*diff*diff) / (nn - 1)
	half := Z95 * math.Sqrt(max(variance, 0)/nn)
	return diff, math.Max(-1, diff-half), math.Min(1, diff+half)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
