package train

import (
	"context"
	"errors"
	"iter"
	"math"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model/infer"
)

// TestEvaluateReference recomputes an evaluation the slow obvious way,
// keeping every scored card, and compares: the scores per phase and
// overall, the gains and their intervals, the calibration bins.
func TestEvaluateReference(t *testing.T) {
	games := collect(t, corpus(t, "meldable", "memory", 12, 8))
	ctx := context.Background()
	p, _, err := Fit(ctx, sliceSeq(games[:8]), Options{MinSteps: 30})
	if err != nil {
		t.Fatal(err)
	}
	held := games[8:]
	got, err := Evaluate(ctx, p, sliceSeq(held), TargetOpp)
	if err != nil {
		t.Fatal(err)
	}
	m, err := infer.NewModel(p)
	if err != nil {
		t.Fatal(err)
	}
	type scored struct {
		game, phase int
		p           [NumPredictors]float64
		y           float64
	}
	var cards []scored
	decisions := [infer.NumPhases]int{}
	for gi, g := range held {
		err := walk(g, TargetOpp, func(d *decision) {
			decisions[d.phase]++
			var probs [NumPredictors][gin.NumCards]float64
			d.tracker.Probabilities(m, &probs[Model])
			d.tracker.Uniform(&probs[Uniform])
			d.tracker.Filter(&probs[Filter])
			for _, c := range d.tracker.Unseen().Cards() {
				s := scored{game: gi, phase: d.phase}
				for k := range s.p {
					s.p[k] = probs[k][c]
				}
				if d.hand.Has(c) {
					s.y = 1
				}
				cards = append(cards, s)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	close := func(what string, got, want float64) {
		t.Helper()
		if !(math.Abs(got-want) <= 1e-9*max(1, math.Abs(want))) {
			t.Errorf("%s: got %v, want %v", what, got, want)
		}
	}
	if got.Games != len(held) || got.Cards != len(cards) {
		t.Fatalf("%d games and %d cards, want %d and %d", got.Games, got.Cards, len(held), len(cards))
	}
	for ph := -1; ph < infer.NumPhases; ph++ {
		var sum [NumPredictors]Score
		n := 0
		for _, s := range cards {
			if ph >= 0 && s.phase != ph {
				continue
			}
			n++
			for k := range sum {
				sum[k].LogLoss += logLoss(s.p[k], s.y)
				sum[k].Brier += (s.p[k] - s.y) * (s.p[k] - s.y)
			}
		}
		ps := got.All
		if ph >= 0 {
			ps = got.Phases[ph]
			if ps.Decisions != decisions[ph] {
				t.Errorf("phase %d: %d decisions, want %d", ph, ps.Decisions, decisions[ph])
			}
		}
		if ps.Cards != n {
			t.Fatalf("phase %d: %d cards, want %d", ph, ps.Cards, n)
		}
		for k := range sum {
			if n > 0 {
				close(ps.Phase+" "+Predictor(k).String()+" log loss", ps.Scores[k].LogLoss, sum[k].LogLoss/float64(n))
				close(ps.Phase+" "+Predictor(k).String()+" Brier", ps.Scores[k].Brier, sum[k].Brier/float64(n))
			}
		}
	}
	// The gains, overall and by phase: per game sums of differences and
	// cards, a ratio and its cluster variance over the games with a card
	// scored there.
	for ph := -1; ph < infer.NumPhases; ph++ {
		ps := got.All
		if ph >= 0 {
			ps = got.Phases[ph]
		}
		for _, b := range []Predictor{Uniform, Filter} {
			d := make([]float64, len(held))
			n := make([]float64, len(held))
			for _, s := range cards {
				if ph >= 0 && s.phase != ph {
					continue
				}
				d[s.game] += logLoss(s.p[b], s.y) - logLoss(s.p[Model], s.y)
				n[s.game]++
			}
			var sd, sn, clusters float64
			for i := range d {
				sd += d[i]
				sn += n[i]
				if n[i] > 0 {
					clusters++
				}
			}
			what := ps.Phase + " " + b.String() + " gain"
			if clusters < 2 { // no interval: a card in one game at most
				est := 0.0
				if sn > 0 {
					est = sd / sn
				}
				close(what, ps.Gains[b].LogLoss, est)
				if g := ps.Gains[b]; !math.IsInf(g.LogLossLow, -1) || !math.IsInf(g.LogLossHigh, 1) {
					t.Errorf("%s: interval %v to %v from %v games, want unbounded", what, g.LogLossLow, g.LogLossHigh, clusters)
				}
				continue
			}
			est := sd / sn
			var ss float64
			for i := range d {
				ss += (d[i] - est*n[i]) * (d[i] - est*n[i])
			}
			se := math.Sqrt(ss*clusters/(clusters-1)) / sn
			close(what, ps.Gains[b].LogLoss, est)
			close(what+" low", ps.Gains[b].LogLossLow, est-1.96*se)
			close(what+" high", ps.Gains[b].LogLossHigh, est+1.96*se)
			if ph < 0 && got.Gains[b] != ps.Gains[b] {
				t.Errorf("%s: Gains %+v, All.Gains %+v", b, got.Gains[b], ps.Gains[b])
			}
		}
	}
	for k := range got.Calibration {
		for i, bin := range got.Calibration[k] {
			var pred, obs float64
			n := 0
			for _, s := range cards {
				if min(NumBins-1, int(s.p[k]*NumBins)) == i {
					n++
					pred += s.p[k]
					obs += s.y
				}
			}
			if bin.Cards != n {
				t.Fatalf("%v bin %d: %d cards, want %d", Predictor(k), i, bin.Cards, n)
			}
			if n > 0 {
				close("predicted", bin.Predicted, pred/float64(n))
				close("observed", bin.Observed, obs/float64(n))
			}
		}
	}
}

func TestEvaluateErrors(t *testing.T) {
	games := collect(t, corpus(t, "simple", "simple", 2, 9))
	bad := infer.NewParams()
	bad.Version = 9
	boom := errors.New("boom")
	tests := []struct {
		name   string
		params *infer.Params
		games  iter.Seq2[*replay.Game, error]
		want   error
	}{
		{"invalid parameters", bad, sliceSeq(games), infer.ErrParams},
		{"no games", infer.NewParams(), sliceSeq(nil), ErrNoDecisions},
		{"a stream error", infer.NewParams(), func(yield func(*replay.Game, error) bool) { yield(nil, boom) }, boom},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Evaluate(context.Background(), tc.params, tc.games, TargetOpp); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
}
