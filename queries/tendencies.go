package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/selection"
)

//go:embed sql/tendencies.sql
var tendenciesSQL string

// Measure names a rate that Tendencies reads for each side: a habit of a
// player that the other can play against. The names are stable: the
// report's texts and golden files key on them.
type Measure string

// The measures, each a share of cases among opportunities.
const (
	// TakeMeld: face-up cards taken, of those offered that join a meld
	// of every best arrangement of the hand plus the card (replay.RelMeld).
	TakeMeld Measure = "take-meld"
	// TakeNear: face-up cards taken, of those offered that pair or
	// neighbour a held card (a card of the same rank, or of the same suit
	// one rank away) without joining a meld.
	TakeNear Measure = "take-near"
	// TakeNone: face-up cards taken, of those offered that relate to
	// nothing held (replay.RelNone).
	TakeNone Measure = "take-none"
	// KnockPassed: rounds that went on after the side's first play that
	// left it a legal knock (deadwood 10 or less, not a first turn), of the
	// rounds that gave it one. Later chances are left out: a player that
	// plays on once tends to play on to the end of the round, and a few
	// long rounds would outweigh the rest.
	KnockPassed Measure = "knock-passed"
	// KnockHigh: knocks with 7 or more deadwood, of the knocks.
	KnockHigh Measure = "knock-high"
	// Undercut: knocks that lost the round (undercut), of the knocks.
	Undercut Measure = "undercut"
	// GinCall: Gin calls, of the Gin and Knock calls.
	GinCall Measure = "gin"
	// DiscardWorse: discards that left more deadwood than the best
	// discard would have, of the discards.
	DiscardWorse Measure = "discard-worse"
	// WeakDeclare: verified rounds in which the side lost points by
	// declaring a worse arrangement than its best, of the verified rounds.
	WeakDeclare Measure = "weak-declare"
)

// Measures lists the measures in the order Tendencies returns them: draws,
// calls, discards, declarations.
var Measures = []Measure{TakeMeld, TakeNear, TakeNone, KnockPassed, KnockHigh, Undercut, GinCall, DiscardWorse, WeakDeclare}

// MeasureRates is one measure's rate for each side, indexed by gin.Seat,
// with how each side's counts spread over the rounds.
type MeasureRates struct {
	Measure Measure
	Sides   [2]Rate
	Spread  [2]Spread
}

// Spread is how a side's rate varies with its rounds: the rate recomputed
// without each round in turn (a jackknife over rounds), which gives its
// variance when the plays of one round are alike (they share a hand, so a
// habit shows in runs) and when a few long rounds hold many of the
// opportunities.
type Spread struct {
	Rounds int     // rounds that gave the side an opportunity
	Sum    float64 // the sum over those rounds of the rate without that round (0 for a round that holds every opportunity)
	SumSq  float64 // ... of its square
}

// Tendencies returns every measure, in Measures order, for both sides of
// the games the filters select (their Who is not used): a measure without
// opportunities has a zero Rate and Spread. Filters that select no game
// give an error wrapping selection.ErrNoGames (or replay.ErrNoGame when
// f.Game names no game).
func Tendencies(ctx context.Context, db *sql.DB, f selection.Filters) ([]MeasureRates, error) {
	f.Who = "both"
	index := make(map[Measure]int, len(Measures))
	out := make([]MeasureRates, len(Measures))
	for i, m := range Measures {
		index[m], out[i].Measure = i, m
	}
	err := eachRow(ctx, Source{DB: db}, "tendencies", tendenciesSQL, f, func(rows *sql.Rows) error {
		var side, measure string
		var r Rate
		var sp Spread
		if err := rows.Scan(&side, &measure, &r.Cases, &r.Opportunities, &sp.Rounds, &sp.Sum, &sp.SumSq); err != nil {
			return err
		}
		seat, err := gin.ParseSeat(side)
		if err != nil {
			return err
		}
		i, ok := index[Measure(measure)]
		if !ok {
			return fmt.Errorf("unknown measure %q", measure)
		}
		out[i].Sides[seat], out[i].Spread[seat] = r, sp
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
