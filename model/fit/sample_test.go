package fit

import (
	"math"
	"testing"
)

// TestSample checks that Sample keeps max of n ids (to one run more), the same ones
// every time, everything when there is no need to sample, and that its
// choice does not lean on the held-out split: about one kept game in ten
// is held out, as of all games. TestSampleRuns checks the runs.
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
			keep := Sample(ids(tc.n), tc.max)
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
			if kept < want || kept > want+maxRun {
				t.Errorf("kept %d of %d, want %d to one run more", kept, tc.n, want)
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
	all := fitGames(t, games, quickInference(Options{InferenceGames: -1}))
	few := fitGames(t, games, quickInference(Options{InferenceGames: 6}))
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

// TestSampleRuns: a large sample keeps runs of consecutive ids, up to
// 1,024 long and at least 64 of them; a small one keeps games one by one,
// exactly max of them.
func TestSampleRuns(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n, max  int
		wantRun int
	}{
		{"large", 1_000_000, 100_000, 1024},
		{"middling", 100_000, 10_000, 64},
		{"small", 20, 10, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep := Sample(ids(tc.n), tc.max)
			runs, longest, cur := 0, 0, 0
			for id := int64(0); id < int64(tc.n); id++ {
				if !keep(id) {
					cur = 0
					continue
				}
				if cur == 0 {
					runs++
				}
				cur++
				longest = max(longest, cur)
			}
			if tc.wantRun > 1 && longest%tc.wantRun != 0 {
				t.Errorf("longest run %d, want a multiple of %d", longest, tc.wantRun)
			}
			if kept := 0; tc.wantRun == 1 {
				for id := int64(1); id <= int64(tc.n); id++ {
					if keep(id) {
						kept++
					}
				}
				if kept != tc.max {
					t.Errorf("kept %d, want exactly %d when games are kept one by one", kept, tc.max)
				}
			}
			if runs < minRuns/2 && tc.wantRun > 1 {
				t.Errorf("%d runs, want about %d or more", runs, tc.max/tc.wantRun)
			}
		})
	}
}

// ids returns the ids 1 to n.
func ids(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}
