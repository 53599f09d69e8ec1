package queries

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/selection"
)

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
//
// The statements count the rounds by what they gave each side of each
// measure, from the rollups where they can (see tendency_counts.go); the
// rate and its spread are computed here from those counts, in a fixed
// order, so that the result is the same to the last bit with the rollups
// and without them.
func Tendencies(ctx context.Context, db *sql.DB, f selection.Filters) ([]MeasureRates, error) {
	f.Who = "both"
	counts, err := tendencyCounts(ctx, Source{DB: db}, f)
	if err != nil {
		return nil, err
	}
	index := make(map[Measure]int, len(Measures))
	out := make([]MeasureRates, len(Measures))
	for i, m := range Measures {
		index[m], out[i].Measure = i, m
	}
	byMeasure := make([][2][]roundCount, len(Measures))
	for _, c := range counts {
		seat, err := gin.ParseSeat(c.side)
		if err != nil {
			return nil, fmt.Errorf("query tendencies: %w", err)
		}
		i, ok := index[Measure(c.measure)]
		if !ok {
			return nil, fmt.Errorf("query tendencies: unknown measure %q", c.measure)
		}
		byMeasure[i][seat] = append(byMeasure[i][seat], c)
	}
	for i := range out {
		for seat, cs := range byMeasure[i] {
			out[i].Sides[seat], out[i].Spread[seat] = jackknife(cs)
		}
	}
	return out, nil
}

// jackknife returns the rate of a side's rounds and its spread: for each
// round, the rate of the other rounds (none for a round that holds every
// opportunity), summed, and its square summed. The sums are computed to
// sumPrec bits and rounded once: the report's interval subtracts Sum²/k
// from SumSq, which over millions of rounds cancels all but their last
// digits, so the rounding of a float64 sum would be most of what is left
// (at a million games, intervals of ±1% where ±0.05% is right).
func jackknife(counts []roundCount) (Rate, Spread) {
	var r Rate
	var sp Spread
	for _, c := range counts {
		r.Cases += c.cases * c.rounds
		r.Opportunities += c.opportunities * c.rounds
		sp.Rounds += c.rounds
	}
	sum, sq := bigFloat(0), bigFloat(0)
	for _, c := range counts {
		rest := r.Opportunities - c.opportunities
		if rest == 0 {
			continue
		}
		without := bigFloat(r.Cases - c.cases)
		without.Quo(without, bigFloat(rest))
		term := bigFloat(c.rounds)
		term.Mul(term, without)
		sum.Add(sum, term)
		sq.Add(sq, term.Mul(term, without))
	}
	sp.Sum, _ = sum.Float64()
	sp.SumSq, _ = sq.Float64()
	return r, sp
}

// sumPrec is the precision of jackknife's sums, in bits.
const sumPrec = 256

// bigFloat returns n as a float of sumPrec bits.
func bigFloat(n int) *big.Float {
	return new(big.Float).SetPrec(sumPrec).SetInt64(int64(n))
}
