package replay

import (
	"fmt"
	"testing"
)

// TestSummaryMerge: merging the summaries of two sets of games counts what
// one summary of all of them counts; merging nil changes nothing.
func TestSummaryMerge(t *testing.T) {
	results := []Result{
		{Rounds: []RoundCheck{{Status: Exact}, {Status: Explained, LostYou: 3}}},
		{Rounds: []RoundCheck{{Status: Impossible, LostOpp: 7}}, Violations: []Violation{{Code: CodeImpossible}, {Code: CodeGameUnfinished}}},
		{Rounds: []RoundCheck{{Status: Exact}}, Violations: []Violation{{Code: CodeImpossible}}},
		{},
	}
	for cut := range len(results) + 1 {
		all, a, b := NewSummary(), NewSummary(), NewSummary()
		for i := range results {
			all.Add(&results[i])
			if i < cut {
				a.Add(&results[i])
			} else {
				b.Add(&results[i])
			}
		}
		a.Merge(b)
		a.Merge(nil)
		if fmt.Sprint(a) != fmt.Sprint(all) {
			t.Errorf("cut at %d: merged %+v, want %+v", cut, a, all)
		}
	}
}
