// Package fit fits the tuned player's weights (package model) from
// replayed games. Fit streams the games: what it keeps is a fixed set of
// counts and one entry per distinct draw-model feature vector, whatever the
// number of games. The same games in the same order with the same options
// give byte-identical weights.
package fit

import (
	"errors"
	"fmt"
	"iter"
	"maps"
	"time"

	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/replay"
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
}

// ErrNoGames is the error of a fit given no games.
var ErrNoGames = errors.New("no games to fit")

// Result is a fit: the weights and how well the data supports them.
type Result struct {
	Weights *model.Weights
	// Support has an entry per table whose small cells are shrunk towards a
	// prior, in the order of the weights file.
	Support []Support
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

// Fit fits weights from games, read once in order: verified games without
// violations, whose plays it trusts. An error of the sequence stops the fit
// and is returned.
func Fit(games iter.Seq2[*replay.Game, error], opts Options) (*Result, error) {
	learn, err := sides(opts.Who)
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
	c := newCounts(learn)
	for g, err := range games {
		if err != nil {
			return nil, fmt.Errorf("read the games: %w", err)
		}
		if g == nil {
			return nil, errors.New("read the games: a nil game")
		}
		c.game(g)
	}
	if c.games == 0 {
		return nil, ErrNoGames
	}
	w := model.Defaults()
	filters := map[string]string{}
	maps.Copy(filters, opts.Filters)
	filters["who"] = orDefault(opts.Who, "opp")
	created := opts.CreatedAt
	if created.IsZero() {
		created = time.Now()
	}
	w.Provenance = model.Provenance{Games: c.games, Rounds: c.rounds, Plays: c.plays, Filters: filters,
		SchemaVersion: opts.SchemaVersion, CreatedAt: created.UTC().Truncate(time.Second), Fitted: true}
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
	if err := w.Validate(); err != nil {
		return nil, fmt.Errorf("fitted weights: %w", err)
	}
	if err := w.CheckPolicy(); err != nil {
		return nil, fmt.Errorf("fitted weights: %w", err)
	}
	return res, nil
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
