package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"math"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/selection"
)

//go:embed sql/named/card-values.sql
var cardValuesSQL string

// CardValue is what card-values finds for one card, over the rounds and
// plays of the sides the filters select.
type CardValue struct {
	Held      Rate // rounds the side ended holding the card, of all rounds
	Melded    Rate // rounds it ended in a meld of the best arrangement, of all rounds
	Taken     Rate // offers of the card face up that the side took, of the offers
	Discarded int  // times the side discarded it
	// HolderPoints is the side's mean points in the rounds it ended
	// holding the card (rounded to 0.01), NaN when it never did.
	HolderPoints float64
}

// CardValues runs card-values and returns its rows by card (a gin.Card
// indexes them).
func CardValues(ctx context.Context, db *sql.DB, f selection.Filters) ([gin.NumCards]CardValue, error) {
	return cardValues(ctx, Source{DB: db}, f)
}

// cardValues runs card-values over src.
func cardValues(ctx context.Context, src Source, f selection.Filters) ([gin.NumCards]CardValue, error) {
	var out [gin.NumCards]CardValue
	rows, _, err := query(ctx, src, "card-values", cardValuesSQL, f)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	var seen gin.Hand
	for rows.Next() {
		var name string
		var v CardValue
		var holder sql.NullFloat64
		if err := rows.Scan(&name, &v.Held.Cases, &v.Held.Opportunities, &v.Melded.Cases,
			&v.Taken.Cases, &v.Taken.Opportunities, &v.Discarded, &holder); err != nil {
			return out, fmt.Errorf("query card-values: %w", err)
		}
		c, err := gin.ParseCard(name)
		if err != nil {
			return out, fmt.Errorf("query card-values: %w", err)
		}
		v.Melded.Opportunities = v.Held.Opportunities
		v.HolderPoints = math.NaN()
		if holder.Valid {
			v.HolderPoints = holder.Float64
		}
		out[c] = v
		seen = seen.Add(c)
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("query card-values: %w", err)
	}
	if seen != gin.FullDeck {
		return out, fmt.Errorf("query card-values: no rows for %v", gin.FullDeck&^seen)
	}
	return out, nil
}

// CardMetric is one column of card-values read as a number per card.
type CardMetric string

// The card metrics.
const (
	MetricHeld         CardMetric = "held"          // the share of rounds the side ended holding the card
	MetricMelded       CardMetric = "melded"        // the share of rounds it ended in a meld
	MetricTaken        CardMetric = "taken"         // the share of its face-up offers taken
	MetricDiscarded    CardMetric = "discarded"     // how many times it was discarded
	MetricHolderPoints CardMetric = "holder_points" // the holder's mean round points
)

// CardMetrics lists the card metrics.
var CardMetrics = []CardMetric{MetricHeld, MetricMelded, MetricTaken, MetricDiscarded, MetricHolderPoints}

// ParseCardMetric returns the named card metric.
func ParseCardMetric(s string) (CardMetric, error) {
	names := make([]string, len(CardMetrics))
	for i, m := range CardMetrics {
		if string(m) == s {
			return m, nil
		}
		names[i] = string(m)
	}
	return "", fmt.Errorf("card metric %q: want one of %s", s, strings.Join(names, ", "))
}

// Metric returns the value of metric m for the card: NaN for a share
// without opportunities or points never scored.
func (v *CardValue) Metric(m CardMetric) float64 {
	switch m {
	case MetricHeld:
		return v.Held.Value()
	case MetricMelded:
		return v.Melded.Value()
	case MetricTaken:
		return v.Taken.Value()
	case MetricDiscarded:
		return float64(v.Discarded)
	case MetricHolderPoints:
		return v.HolderPoints
	}
	return math.NaN()
}

// CardGrid pivots one metric of the card values into suits by ranks, in
// gin's suit and rank order.
func CardGrid(values *[gin.NumCards]CardValue, m CardMetric) [gin.NumSuits][gin.NumRanks]float64 {
	var g [gin.NumSuits][gin.NumRanks]float64
	for s := range gin.Suit(gin.NumSuits) {
		for r := range gin.Rank(gin.NumRanks) {
			g[s][r] = values[gin.NewCard(s, r)].Metric(m)
		}
	}
	return g
}
