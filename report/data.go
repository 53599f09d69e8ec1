// Package report renders the analysis of a set of games as one
// self-contained HTML page (no scripts, fonts or requests): a summary, the
// opponent's tendencies ranked by the rule stated in tendencies.go, the
// two players side by side on the same measures, the chosen player's card
// maps on fixed scales, the games' scores, and with weights, how well
// their inference model reads the opponent's hand. Blue is you and orange the
// opponent everywhere; what rests on fewer cases than the minimum sample
// is drawn pale, hatched or grey.
//
// The charts are drawn with gonum.org/v1/plot as inline SVG at the page's
// width and again phoneWidth wide for a phone (the page shows one or the
// other, so text keeps its size), each with a title, its key above the plot (never over the data),
// a sentence on how to read it and its data as a table beneath it; every
// label is pinned to its measured length (see svg.go). A chart is a
// func(*data, Options) (chart, error) in build's list: a plot drawn with
// render, or a layout (a key, a strip below) drawn with chart.draw.
package report

import (
	"context"
	"database/sql"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
)

// Options select what the report shows.
type Options struct {
	Filters selection.Filters
	Game    int64 // the game whose score to chart; 0: the last few games
	Recent  int   // how many recent games to chart when Game is 0 (default 3)
	// Weights, when set, adds the section on reading the opponent's hand:
	// its inference model scored on the held-out games the filters select
	// (see inference.go). It must hold an inference model (format 3).
	Weights *model.Weights
	// InferenceGames caps the held-out games that section reads: the last
	// ones in id order (DefaultInferenceGames when 0).
	InferenceGames int
}

// data is everything the report draws, read through the typed queries:
// cards for the plays the filters select (Who), sides and measures for
// both players apart, for the comparison.
type data struct {
	summary  [2]queries.SideSummary
	sides    [2]sideData // by gin.Seat
	measures []queries.MeasureRates
	cards    [gin.NumCards]queries.CardValue
	loss     []queries.SideLoss
	verdicts map[replay.Status]int
	scores   []queries.RunningScore
	infer    *inference // with Options.Weights only
}

// sideData is what the comparison reads for one side.
type sideData struct {
	draws  *queries.DrawTendencies
	knocks *queries.Knocks
}

// load reads the report's data. Filters that select no game give an error
// wrapping selection.ErrNoGames (or replay.ErrNoGame for a missing game).
func load(ctx context.Context, db *sql.DB, o Options) (*data, error) {
	d := &data{}
	var err error
	if d.summary, err = queries.Summary(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	for _, seat := range []gin.Seat{gin.You, gin.Opp} {
		f := o.Filters
		f.Who = seat.String()
		if d.sides[seat].draws, err = queries.DrawTendency(ctx, db, f); err != nil {
			return nil, err
		}
		if d.sides[seat].knocks, err = queries.KnockProfile(ctx, db, f); err != nil {
			return nil, err
		}
	}
	if d.measures, err = queries.Tendencies(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	if d.cards, err = queries.CardValues(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	if d.loss, err = queries.MeldLoss(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	if d.verdicts, err = queries.Verdicts(ctx, db, o.Filters); err != nil {
		return nil, err
	}
	recent := o.Recent
	if recent <= 0 {
		recent = 3
	}
	f := o.Filters
	if o.Game != 0 {
		f.Game = o.Game
	}
	if d.scores, err = queries.RunningScores(ctx, db, f, recent); err != nil {
		return nil, err
	}
	if o.Weights != nil {
		if d.infer, err = loadInference(ctx, db, o); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// find returns the rate of the share with the given label, zero if none.
func find(shares []queries.Share, label string) queries.Rate {
	for _, s := range shares {
		if s.Label == label {
			return s.Rate
		}
	}
	return queries.Rate{}
}
