package report

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/fit"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

// fitted caches the weights fitted on the sample corpus.
var fitted struct {
	sync.Mutex
	w *model.Weights
}

// sampleWeights returns weights fitted on the sample corpus, as ginlog
// fit writes them: their inference model learnt from the games not held
// out. They are model/fit's golden file of that fit, read rather than
// fitted again: a fit takes seconds, and a change to the fit updates that
// file and so these tests' goldens.
func sampleWeights(t *testing.T) *model.Weights {
	t.Helper()
	fitted.Lock()
	defer fitted.Unlock()
	if fitted.w == nil {
		path := filepath.Join("..", "model", "fit", "testdata", "sample.json")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if fitted.w, err = model.Read(f, path); err != nil {
			t.Fatal(err)
		}
	}
	return fitted.w
}

// TestInferenceSplit checks what the section scores against ginlog fit
// --evaluate's evaluation: the same held-out games when they are fewer
// than the cap, the last of them when the cap is smaller.
func TestInferenceSplit(t *testing.T) {
	ctx := context.Background()
	db := loadCorpus(t, "sample")
	w := sampleWeights(t)
	// The sample's games 2 and 18 are the ones held out.
	for _, tc := range []struct {
		name           string
		o              Options
		want           selection.Filters // the games fit --evaluate would score
		heldOut, read  int
		scored, chosen int
	}{
		{"every held-out game", Options{Filters: selection.Filters{Who: "opp"}}, selection.Filters{Who: "opp"}, 2, 2, 2, 20},
		{"the cap keeps the last", Options{Filters: selection.Filters{Who: "opp"}, InferenceGames: 1}, selection.Filters{Who: "opp", Game: 18}, 2, 1, 1, 20},
		{"your hand", Options{Filters: selection.Filters{Who: "you"}}, selection.Filters{Who: "you"}, 2, 2, 2, 20},
		{"the filters select one held-out game", Options{Filters: selection.Filters{Who: "opp", Game: 2}}, selection.Filters{Who: "opp", Game: 2}, 1, 1, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.o
			o.Weights = w
			in, err := loadInference(ctx, db, o)
			if err != nil {
				t.Fatal(err)
			}
			if in.heldOut != tc.heldOut || in.read != tc.read || in.selected != tc.chosen {
				t.Errorf("%d selected, %d held out, %d read; want %d, %d, %d", in.selected, in.heldOut, in.read, tc.chosen, tc.heldOut, tc.read)
			}
			want, err := fit.Evaluate(ctx, w, store.Games(ctx, db, store.Filter{Filters: tc.want, Clean: true}), tc.want.Who)
			if err != nil {
				t.Fatal(err)
			}
			if in.eval == nil || in.eval.Games != tc.scored || !reflect.DeepEqual(in.eval, want) {
				t.Errorf("the section's evaluation differs from fit --evaluate's on the same games:\n%+v\nwant\n%+v", in.eval, want)
			}
		})
	}
}

// TestInferenceNothingToScore: filters that select no held-out game give
// the section without data, saying so, not an error.
func TestInferenceNothingToScore(t *testing.T) {
	db := loadCorpus(t, "sample")
	pg := buildPage(t, db, Options{Filters: selection.Filters{Who: "opp", MinSample: 10, Game: 3}, Game: 3, Weights: sampleWeights(t)})
	if len(pg.Charts) != chartCount+inferenceCharts {
		t.Fatalf("%d charts, want %d", len(pg.Charts), chartCount+inferenceCharts)
	}
	for _, c := range pg.Charts[chartCount:] {
		if len(c.Rows) != 0 || c.Section != sectionInference || c.Caption == "" {
			t.Errorf("%s: %d rows in section %q, caption %q; want none, in %q, saying why", c.ID, len(c.Rows), c.Section, c.Caption, sectionInference)
		}
	}
	checkLayout(t, pg)
}

// TestInferenceNeedsTheModel: weights without an inference model (format
// 2) are refused with model.ErrNoInference.
func TestInferenceNeedsTheModel(t *testing.T) {
	db := loadCorpus(t, "sample")
	w := *sampleWeights(t)
	w.Inference = nil
	_, err := build(context.Background(), db, Options{Filters: selection.Filters{Who: "opp"}, Weights: &w})
	if !errors.Is(err, model.ErrNoInference) {
		t.Errorf("weights without an inference model: %v, want model.ErrNoInference", err)
	}
}

// TestThousands checks the grouping of digits in the section's counts.
func TestThousands(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {20000, "20,000"}, {3723597, "3,723,597"}, {-1234, "-1,234"}} {
		if got := thousands(tc.n); got != tc.want {
			t.Errorf("thousands(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
