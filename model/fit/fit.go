// Package fit fits the tuned player's weights (package model) from
// replayed games. Fit streams the games: what it keeps is a fixed set of
// counts and one entry per distinct draw-model feature vector, whatever the
// number of games; the inference model (package model/infer/train) passes
// over them again in batches, in memory bounded by a batch and a bounded
// cache. The same games in the same order with the same options give
// byte-identical weights.
//
// The inference model is fitted on the games that HeldOut does not hold
// out, one in ten by a hash of the game's ID (at most about
// DefaultInferenceGames of them, sampled by another hash); Evaluate
// measures it on the held-out ones. Sample picks the games of a large
// selection that a fit reads at all.
package fit

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"maps"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/infer/train"
)

// Options configure Fit.
type Options struct {
	// Who is whose draws and calls the draw model and the opponent model
	// learn: "opp" (the default when empty), "you" or "both".
	Who string
	// L2 is the draw model's L2 penalty, in (0, model.MaxL2]; 0 means 1.
	L2 float64
	// Filters describes how the games were selected, for the provenance;
	// Fit adds "who".
	Filters map[string]string
	// SchemaVersion is the database schema the games were read from.
	SchemaVersion int
	// CreatedAt is recorded in the provenance, to the second; the zero
	// time means now.
	CreatedAt time.Time
	// Inference configures the fit of the inference model; its Target
	// follows Who.
	Inference train.Options
	// InferenceGames is about the most training games the inference model
	// learns from: more are sampled by a hash of the game's ID. 0 means
	// DefaultInferenceGames, a negative number every training game.
	InferenceGames int
}

// ErrNoGames is the error of a fit given no games.
var ErrNoGames = errors.New("no games to fit")

// Result is a fit: the weights and how well the data supports them.
type Result struct {
	Weights *model.Weights
	// Support has an entry per table whose small cells are shrunk towards a
	// prior, in the order of the weights file.
	Support []Support
	// Inference says what the inference model's fit used and did; when
	// the games held no decision to learn from (InferenceUniform), the
	// weights hold the uniform model.
	Inference        train.Summary
	InferenceUniform bool
}

// Support says how much of a table rests on data and how much on its
// prior.
type Support struct {
	Table   string // the table's path in the weights file
	Unit    string // what its samples are
	Samples int
	Games   int // the games that gave it at least one sample
	// PriorShare is the prior's share of the cell of the average sample:
	// the mean over the samples of m / (n + m), n the samples of the
	// sample's cell and m the prior's weight; 1 without samples.
	PriorShare float64
}

// MostlyPrior reports whether the table's typical cell rests more on its
// prior than on data.
func (s Support) MostlyPrior() bool { return s.PriorShare > 0.5 }

// Fit fits weights from games: verified games without violations, whose
// plays it trusts. The tables are counted in one pass; the inference model
// is fitted on the games HeldOut does not hold out (a sample of them past
// Options.InferenceGames), ranging over games
// again as often as it needs (the sequence must give the same games each
// time, as store.Games does). An error of the sequence stops the fit and
// is returned.
func Fit(ctx context.Context, games iter.Seq2[*replay.Game, error], opts Options) (*Result, error) {
	learn, err := sides(opts.Who)
	if err != nil {
		return nil, err
	}
	target, err := Target(opts.Who)
	if err != nil {
		return nil, err
	}
	l2 := opts.L2
	if l2 == 0 {
		l2 = 1
	}
	if !(l2 > 0 && l2 <= model.MaxL2) {
		return nil, fmt.Errorf("l2 %v: want more than 0 and at most %v", opts.L2, model.MaxL2)
	}
	c, training, err := countGames(ctx, games, learn)
	if err != nil {
		return nil, err
	}
	if c.games == 0 {
		return nil, ErrNoGames
	}
	w := model.Defaults()
	w.Provenance = c.provenance(opts)
	if err := c.fitDrawModel(&w.DrawModel, l2); err != nil {
		return nil, err
	}
	res := &Result{Weights: w}
	res.Support = append(res.Support, c.fitKeepValues(&w.KeepValues))
	res.Support = append(res.Support, c.fitKnockPolicy(&w.KnockPolicy)...)
	if c.stockGainN > 0 {
		w.DrawPolicy.StockGain = c.stockGain / float64(c.stockGainN)
		w.DrawPolicy.Samples = c.stockGainN
	}
	res.Support = append(res.Support, c.fitHandValues(&w.HandValues))
	res.Support = append(res.Support, c.fitOpponent(&w.Opponent)...)
	res.Support = append(res.Support, c.fitHandPolicy(w.HandPolicy)...)
	res.Support = append(res.Support, c.fitRaceValues(w.RaceValues, &w.HandValues))
	c.fitRoundPoints(w.RoundPoints)
	if err := fitInference(ctx, games, training, target, opts, res); err != nil {
		return nil, err
	}
	if err := w.Validate(); err != nil {
		return nil, fmt.Errorf("fitted weights: %w", err)
	}
	if err := w.CheckPolicy(); err != nil {
		return nil, fmt.Errorf("fitted weights: %w", err)
	}
	return res, nil
}

// countGames counts games in one pass, learning the sides learn says, and
// returns the counts and how many of the games the inference model trains
// on. It stops at the first error of the sequence or of ctx.
func countGames(ctx context.Context, games iter.Seq2[*replay.Game, error], learn [2]bool) (*counts, int, error) {
	c := newCounts(learn)
	training := 0
	for g, err := range games {
		if err != nil {
			return nil, 0, fmt.Errorf("read the games: %w", err)
		}
		if g == nil {
			return nil, 0, errors.New("read the games: a nil game")
		}
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		c.game(g)
		if !HeldOut(g.ID) {
			training++
		}
	}
	return c, training, nil
}

// provenance records what the weights were fitted on: the counts, the
// filters and who was modelled, and when.
func (c *counts) provenance(opts Options) model.Provenance {
	filters := map[string]string{}
	maps.Copy(filters, opts.Filters)
	filters["who"] = orDefault(opts.Who, "opp")
	created := opts.CreatedAt
	if created.IsZero() {
		created = time.Now()
	}
	return model.Provenance{Games: c.games, Rounds: c.rounds, Plays: c.plays, Filters: filters,
		SchemaVersion: opts.SchemaVersion, CreatedAt: created.UTC().Truncate(time.Second), Fitted: true}
}

// fitInference fits the inference model for target on a sample of the
// training games of games, training of them in all, into res's weights;
// when the games hold no decision to learn from, the weights keep the
// uniform model and res says so.
func fitInference(ctx context.Context, games iter.Seq2[*replay.Game, error], training int, target train.Target, opts Options, res *Result) error {
	iopts := opts.Inference
	iopts.Target = target
	inference := opts.InferenceGames
	if inference == 0 {
		inference = DefaultInferenceGames
	}
	p, sum, err := train.Fit(ctx, keep(Training(games), sample(saltInference, training, inference)), iopts)
	res.Inference = sum
	switch {
	case errors.Is(err, train.ErrNoDecisions):
		res.InferenceUniform = true
	case err != nil:
		return fmt.Errorf("fit the inference: %w", err)
	default:
		res.Weights.Inference = p
	}
	return nil
}

// Target returns the inference's target for who: the hand of the player
// whose draws and calls the weights learn.
func Target(who string) (train.Target, error) {
	switch who {
	case "", "opp":
		return train.TargetOpp, nil
	case "you":
		return train.TargetYou, nil
	case "both":
		return train.TargetBoth, nil
	}
	return 0, fmt.Errorf("who %q: want opp, you or both", who)
}

// HeldOut reports whether the game with the given ID is held out of the
// inference model's fit, for Evaluate: one game in ten, chosen by a hash
// of the ID, so that a game is held out whatever the filters select.
func HeldOut(id int64) bool { return mix(uint64(id))%10 == 0 }

// Training returns the games of games that HeldOut does not hold out.
func Training(games iter.Seq2[*replay.Game, error]) iter.Seq2[*replay.Game, error] {
	return split(games, false)
}

// HeldOutGames returns the games of games that HeldOut holds out.
func HeldOutGames(games iter.Seq2[*replay.Game, error]) iter.Seq2[*replay.Game, error] {
	return split(games, true)
}

func split(games iter.Seq2[*replay.Game, error], held bool) iter.Seq2[*replay.Game, error] {
	return keep(games, func(id int64) bool { return HeldOut(id) == held })
}

// ErrNoInference is the error of weights without an inference model
// (format version 2): there is nothing to evaluate.
var ErrNoInference = model.ErrNoInference

// Evaluate measures the inference model of w on the games HeldOut holds
// out of games, at the decisions of the viewer of who's hand: log loss
// and Brier score per unseen card against the uniform and the Bayesian
// filter, by phase, with the model's gains and the calibration bins.
func Evaluate(ctx context.Context, w *model.Weights, games iter.Seq2[*replay.Game, error], who string) (*train.Evaluation, error) {
	if w.Inference == nil {
		return nil, ErrNoInference
	}
	target, err := Target(who)
	if err != nil {
		return nil, err
	}
	return train.Evaluate(ctx, w.Inference, HeldOutGames(games), target)
}

// sides returns, by side (you, opp), whether Fit learns its draws and
// calls.
func sides(who string) ([2]bool, error) {
	switch who {
	case "", "opp":
		return [2]bool{false, true}, nil
	case "you":
		return [2]bool{true, false}, nil
	case "both":
		return [2]bool{true, true}, nil
	}
	return [2]bool{}, fmt.Errorf("who %q: want opp, you or both", who)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
