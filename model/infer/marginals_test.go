package infer

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// bruteMarginals enumerates every set of count cards among len(z) and
// returns each card's inclusion probability and the log normaliser.
func bruteMarginals(z []float64, count int) ([]float64, float64) {
	n := len(z)
	incl := make([]float64, n)
	total := 0.0
	for s := uint32(0); s < 1<<n; s++ {
		if bits.OnesCount32(s) != count {
			continue
		}
		w := 0.0
		for i := range n {
			if s&(1<<i) != 0 {
				w += z[i]
			}
		}
		p := math.Exp(w)
		total += p
		for i := range n {
			if s&(1<<i) != 0 {
				incl[i] += p
			}
		}
	}
	for i := range incl {
		incl[i] /= total
	}
	return incl, math.Log(total)
}

func TestMarginals(t *testing.T) {
	tests := []struct {
		name  string
		z     []float64
		count int
	}{
		{"equal scores", []float64{0, 0, 0, 0, 0}, 2},
		{"one card", []float64{1.5}, 1},
		{"none held", []float64{1, 2, 3}, 0},
		{"all held", []float64{1, -2, 3}, 3},
		{"one dominant card", []float64{30, 0, 0, 0, 0, 0}, 3},
		{"two dominant cards of three held", []float64{20, 20, -5, -5, 0, 1}, 3},
		{"wide scores", []float64{-20, -10, 0, 10, 20, 5, -5, 15}, 4},
		{"scores far below the top", []float64{0, -60, -80, -100, 1}, 2},
		{"negative count", []float64{1, 2}, -1},
		{"count above n", []float64{1, 2}, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := make([]float64, len(tc.z))
			logZ := Marginals(tc.z, tc.count, got)
			count := min(max(tc.count, 0), len(tc.z))
			want, wantLogZ := bruteMarginals(clampScores(tc.z), count)
			for i := range want {
				if !(math.Abs(got[i]-want[i]) <= 1e-9) {
					t.Errorf("card %d: got %v, want %v", i, got[i], want[i])
				}
			}
			if !(math.Abs(logZ-wantLogZ) <= 1e-9*max(1, math.Abs(wantLogZ))) {
				t.Errorf("log normaliser %v, want %v", logZ, wantLogZ)
			}
		})
	}
}

// clampScores applies Marginals' floor of minScore below the top score.
func clampScores(z []float64) []float64 {
	top := math.Inf(-1)
	for _, v := range z {
		top = max(top, v)
	}
	out := make([]float64, len(z))
	for i, v := range z {
		out[i] = max(v, top+minScore)
	}
	return out
}

// TestMarginalsProperty checks Marginals against enumeration on random
// scores, and that the probabilities lie in [0, 1] and sum to the count.
func TestMarginalsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		n := 1 + rng.IntN(14)
		count := rng.IntN(n + 1)
		scale := []float64{0.1, 1, 5, 20}[trial%4]
		z := make([]float64, n)
		for i := range z {
			z[i] = scale * rng.NormFloat64()
		}
		got := make([]float64, n)
		Marginals(z, count, got)
		want, _ := bruteMarginals(clampScores(z), count)
		sum := 0.0
		for i := range got {
			if got[i] < 0 || got[i] > 1 || !(math.Abs(got[i]-want[i]) <= 1e-8) {
				t.Fatalf("trial %d (n %d, count %d, z %v): card %d got %v, want %v", trial, n, count, z, i, got[i], want[i])
			}
			sum += got[i]
		}
		if !(math.Abs(sum-float64(count)) <= 1e-9) {
			t.Fatalf("trial %d: probabilities sum to %v, want %d", trial, sum, count)
		}
	}
}

// TestMarginalsLarge checks the sum and range on the sizes of the game,
// beyond what enumeration reaches, and a case larger than the stack
// buffer.
func TestMarginalsLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, size := range []struct{ n, count int }{{42, 10}, {41, 9}, {52, 10}, {60, 20}, {30, 1}} {
		z := make([]float64, size.n)
		for i := range z {
			z[i] = 3 * rng.NormFloat64()
		}
		got := make([]float64, size.n)
		Marginals(z, size.count, got)
		sum := 0.0
		for _, p := range got {
			if p < 0 || p > 1 || math.IsNaN(p) {
				t.Fatalf("n %d count %d: probability %v", size.n, size.count, p)
			}
			sum += p
		}
		if !(math.Abs(sum-float64(size.count)) <= 1e-9) {
			t.Errorf("n %d count %d: sum %v", size.n, size.count, sum)
		}
	}
}

// TestMarginalsNotFinite: scores that are infinite, NaN or beyond what
// validated parameters sum to (a sum that overflowed) still give
// probabilities in [0, 1] summing to the count, and so does the sampler:
// a card scored +Inf is held, a NaN score counts as the least.
func TestMarginalsNotFinite(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, tc := range []struct {
		name  string
		z     []float64
		count int
		held  []int // cards certainly held
	}{
		{"one +Inf", []float64{inf, 0, 0, 0, 0}, 2, []int{0}},
		{"two +Inf of three held", []float64{inf, 1, inf, 0, -1}, 3, []int{0, 2}},
		{"all +Inf", []float64{inf, inf, inf, inf}, 2, nil},
		{"-Inf", []float64{math.Inf(-1), 0, 1, 2}, 2, nil},
		{"all -Inf", []float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}, 1, nil},
		{"NaN", []float64{nan, 0, 1, 2, 3}, 2, nil},
		{"all NaN", []float64{nan, nan, nan, nan, nan}, 4, nil},
		{"overflowed sums", []float64{1.7e308, -1.7e308, 1e308, 0, -1e308}, 2, []int{0}},
		{"mixed", []float64{inf, nan, math.Inf(-1), 1e308, -1e308, 0}, 3, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := make([]float64, len(tc.z))
			Marginals(tc.z, tc.count, got)
			sum := 0.0
			for i, p := range got {
				if !(p >= 0 && p <= 1) {
					t.Fatalf("card %d: probability %v", i, p)
				}
				sum += p
			}
			if !(math.Abs(sum-float64(tc.count)) <= 1e-9) {
				t.Errorf("probabilities %v sum to %v, want %d", got, sum, tc.count)
			}
			for _, i := range tc.held {
				if !(got[i] >= 1-1e-9) {
					t.Errorf("card %d scored %v: probability %v, want 1", i, tc.z[i], got[i])
				}
			}
			var s Sampler
			s.prepare(0, make([]gin.Card, len(tc.z)), tc.z, tc.count)
			for i := range s.n {
				if o := s.odds[i]; !(o > 0 && o <= 1) {
					t.Errorf("sampler odds of card %d: %v", i, o)
				}
			}
		})
	}
}
