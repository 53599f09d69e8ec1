package queries

import (
	"math"

	"github.com/ginlog/ginlog/stats"
)

// Rate is a count of cases out of opportunities, the form every rate takes
// here: the sample size travels with the rate.
type Rate struct {
	Cases         int
	Opportunities int
}

// Value returns cases / opportunities, NaN when there are none.
func (r Rate) Value() float64 {
	if r.Opportunities == 0 {
		return math.NaN()
	}
	return float64(r.Cases) / float64(r.Opportunities)
}

// Interval returns the rate's 95% Wilson interval, (0, 0) without
// opportunities.
func (r Rate) Interval() (lo, hi float64) {
	if r.Opportunities == 0 {
		return 0, 0
	}
	return stats.Wilson(r.Cases, r.Opportunities)
}

// Share is one row of a breakdown: a value of a dimension (a rank, a
// phase, a deadwood...), its label, and its rate.
type Share struct {
	Label string // the dimension's value: "A", "early", "meld"...
	Rate
}
