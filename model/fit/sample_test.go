package fit

import (
	"math"
	"testing"
)

// TestSample checks that Sample keeps about max of n ids, the same ones
// every time, everything when there is no need to sample, and that its
// choice does not lean on the held-out split: about one kept game in ten
// is held out, as of all games.
func TestSample(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n, max int
	}{
		{"tenth", 100_000, 10_000},
		{"half", 20_000, 10_000},
		{"most", 50_000, 45_000},
		{"all when n is max", 1_000, 1_000},
		{"all when n is under max", 500, 1_000},
		{"all when max is 0", 1_000, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep := Sample(tc.n, tc.max)
			kept, held := 0, 0
			for id := int64(1); id <= int64(tc.n); id++ {
				if keep(id) != keep(id) {
					t.Fatalf("game %d: kept and not", id)
				}
				if keep(id) {
					kept++
					if HeldOut(id) {
						held++
					}
				}
			}
			want := min(tc.n, tc.max)
			if tc.max == 0 {
				want = tc.n
			}
			if want == tc.n {
				if kept != tc.n {
					t.Fatalf("kept %d of %d, want all", kept, tc.n)
				}
				return
			}
			// The count kept is binomial(n, max/n): allow four deviations.
			p := float64(want) / float64(tc.n)
			if dev := 4 * math.Sqrt(float64(tc.n)*p*(1-p)); math.Abs(float64(kept-want)) > dev {
				t.Errorf("kept %d of %d, want %d within %.0f", kept, tc.n, want, dev)
			}
			if share := float64(held) / float64(kept); math.Abs(share-0.1) > 0.01 {
				t.Errorf("%.3f of the kept games are held out, want about 0.1", share)
			}
		})
	}
}

// TestInferenceGames: the inference model learns from about
// Options.InferenceGames of the training games, all of them when it is
// negative, and the tables are counted from every game either way.
func TestInferenceGames(t *testing.T) {
	games := corpus(t, sampleLogs)
	all := fitGames(t, games, Options{InferenceGames: -1})
	few := fitGames(t, games, Options{InferenceGames: 6})
	if all.Inference.Games != 18 {
		t.Fatalf("inference on %d games with no cap, want the 18 not held out", all.Inference.Games)
	}
	if n := few.Inference.Games; n == 0 || n >= all.Inference.Games {
		t.Errorf("inference on %d games with a cap of 6, want a sample of the 18", n)
	}
	if few.Weights.Provenance.Games != all.Weights.Provenance.Games {
		t.Errorf("tables from %d games with the cap, %d without", few.Weights.Provenance.Games, all.Weights.Provenance.Games)
	}
}
