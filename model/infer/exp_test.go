package infer

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestOddsExp compares oddsExp with math.Exp over its domain, the
// scores minScore to 0: within two units in the last place (each is
// within one of the exact value), 1 at 0, and exp(minScore) below it.
func TestOddsExp(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	xs := []float64{0, -0.0, -1e-300, -1.0 / (1 << 29), -1e-9, -0.5, -1, -math.Ln2, -10, -49.999, minScore, minScore - 1, math.Inf(-1), math.NaN()}
	for range 200000 {
		xs = append(xs, minScore*rng.Float64())
	}
	for _, x := range xs {
		want := math.Exp(max(x, minScore))
		if math.IsNaN(x) {
			want = math.Exp(minScore)
		}
		got := oddsExp(x)
		if ulps := math.Abs(float64(int64(math.Float64bits(got)) - int64(math.Float64bits(want)))); ulps > 2 {
			t.Fatalf("oddsExp(%v) = %v, math.Exp %v: %v units apart", x, got, want, ulps)
		}
	}
}
