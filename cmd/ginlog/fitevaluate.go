package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/fit"
	"github.com/ginlog/ginlog/model/infer/train"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/selection"
)

// evaluateInference measures the inference model of w on the held-out
// games and prints three tables: the scores by phase, the model's gains
// over the baselines by phase and over all, and the calibration bins. JSON prints one object
// holding the three; the other formats print the tables one after the
// other, a blank line between them.
func evaluateInference(ctx context.Context, a *app, opts fitOptions, w *model.Weights, games iter.Seq2[*replay.Game, error]) error {
	e, err := fit.Evaluate(ctx, w, games, opts.filters.Who)
	switch {
	case errors.Is(err, fit.ErrNoInference):
		return usagef("--evaluate: %v", err)
	case errors.Is(err, train.ErrNoDecisions):
		return fmt.Errorf("evaluate: %w: none of the games selected is held out, or they hold no decision (one game in ten is held out)", selection.ErrNoGames)
	case err != nil:
		return fmt.Errorf("evaluate: %w", err)
	}
	tables := evaluationTables(e)
	if opts.format == render.JSON {
		return render.WriteJSON(a.out, evaluationJSON(e))
	}
	layout := a.layout(a.out)
	for i, t := range tables {
		if i > 0 {
			fmt.Fprintln(a.out)
		}
		if err := render.Write(a.out, opts.format, t, layout); err != nil {
			return err
		}
	}
	return nil
}

// evaluationTables returns the tables of an evaluation: scores by phase,
// gains, calibration.
func evaluationTables(e *train.Evaluation) []*render.Table {
	scores := &render.Table{Columns: []render.Column{{Name: "stock_left"}, {Name: "decisions"}, {Name: "cards"},
		{Name: "log_loss_model", Format: "%.4f"}, {Name: "log_loss_uniform", Format: "%.4f"}, {Name: "log_loss_filter", Format: "%.4f"},
		{Name: "brier_model", Format: "%.4f"}, {Name: "brier_uniform", Format: "%.4f"}, {Name: "brier_filter", Format: "%.4f"}}}
	for _, ph := range append(e.Phases[:], e.All) {
		sc := ph.Scores
		scores.Append(ph.Phase, ph.Decisions, ph.Cards, sc[train.Model].LogLoss, sc[train.Uniform].LogLoss, sc[train.Filter].LogLoss,
			sc[train.Model].Brier, sc[train.Uniform].Brier, sc[train.Filter].Brier)
	}
	gains := &render.Table{Columns: []render.Column{{Name: "gain_over"}, {Name: "stock_left"}, {Name: "log_loss", Format: "%+.4f"},
		{Name: "ci_low", Format: "%+.4f"}, {Name: "ci_high", Format: "%+.4f"}, {Name: "relative", Format: "%+.4f"},
		{Name: "brier", Format: "%+.4f"}, {Name: "brier_ci_low", Format: "%+.4f"}, {Name: "brier_ci_high", Format: "%+.4f"}}}
	for _, b := range []train.Predictor{train.Uniform, train.Filter} {
		for _, ph := range append(e.Phases[:], e.All) {
			if ph.Cards == 0 {
				continue
			}
			g := ph.Gains[b]
			gains.Append(b.String(), ph.Phase, g.LogLoss, g.LogLossLow, g.LogLossHigh, g.Relative, g.Brier, g.BrierLow, g.BrierHigh)
		}
	}
	calib := &render.Table{Columns: []render.Column{{Name: "predictor"}, {Name: "bin_low", Format: "%.1f"}, {Name: "bin_high", Format: "%.1f"},
		{Name: "cards"}, {Name: "predicted"}, {Name: "observed"}}}
	for _, p := range []train.Predictor{train.Model, train.Filter} {
		for _, b := range e.Calibration[p] {
			calib.Append(p.String(), b.Low, b.High, b.Cards, b.Predicted, b.Observed)
		}
	}
	return []*render.Table{scores, gains, calib}
}

// evaluationJSON is an evaluation as --format json prints it.
func evaluationJSON(e *train.Evaluation) any {
	type score struct {
		LogLoss num `json:"log_loss"`
		Brier   num `json:"brier"`
	}
	type gain struct {
		LogLoss     num `json:"log_loss"`
		LogLossLow  num `json:"log_loss_ci_low"`
		LogLossHigh num `json:"log_loss_ci_high"`
		Relative    num `json:"relative"`
		Brier       num `json:"brier"`
		BrierLow    num `json:"brier_ci_low"`
		BrierHigh   num `json:"brier_ci_high"`
	}
	type phase struct {
		StockLeft string           `json:"stock_left"`
		Decisions int              `json:"decisions"`
		Cards     int              `json:"cards"`
		Scores    map[string]score `json:"scores"`
		Gains     map[string]gain  `json:"gains"`
	}
	type bin struct {
		Low       num `json:"bin_low"`
		High      num `json:"bin_high"`
		Cards     int `json:"cards"`
		Predicted num `json:"predicted"`
		Observed  num `json:"observed"`
	}
	out := struct {
		Target      string           `json:"target"`
		Games       int              `json:"games"`
		Decisions   int              `json:"decisions"`
		Cards       int              `json:"cards"`
		Phases      []phase          `json:"phases"`
		Gains       map[string]gain  `json:"gains"`
		Calibration map[string][]bin `json:"calibration"`
	}{Target: e.Target.String(), Games: e.Games, Decisions: e.Decisions, Cards: e.Cards,
		Gains: map[string]gain{}, Calibration: map[string][]bin{}}
	gainOf := func(g train.Gain) gain {
		return gain{num(g.LogLoss), num(g.LogLossLow), num(g.LogLossHigh), num(g.Relative), num(g.Brier), num(g.BrierLow), num(g.BrierHigh)}
	}
	baselines := []train.Predictor{train.Uniform, train.Filter}
	for _, ph := range append(e.Phases[:], e.All) {
		p := phase{StockLeft: ph.Phase, Decisions: ph.Decisions, Cards: ph.Cards, Scores: map[string]score{}, Gains: map[string]gain{}}
		for pr := range train.NumPredictors {
			p.Scores[pr.String()] = score{num(ph.Scores[pr].LogLoss), num(ph.Scores[pr].Brier)}
		}
		for _, b := range baselines {
			p.Gains[b.String()] = gainOf(ph.Gains[b])
		}
		out.Phases = append(out.Phases, p)
	}
	for _, b := range baselines {
		out.Gains[b.String()] = gainOf(e.Gains[b])
	}
	for pr := range train.NumPredictors {
		for _, b := range e.Calibration[pr] {
			out.Calibration[pr.String()] = append(out.Calibration[pr.String()], bin{num(b.Low), num(b.High), b.Cards, num(b.Predicted), num(b.Observed)})
		}
	}
	return out
}

// num is a number of the JSON output: null when it is not finite (an
// interval over too few games, the observed rate of an empty bin).
type num float64

// MarshalJSON writes n, or null.
func (n num) MarshalJSON() ([]byte, error) {
	if math.IsInf(float64(n), 0) || math.IsNaN(float64(n)) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(n))
}
