package logs

import (
	"cmp"
	"slices"
)

// Summary counts what the verification of a set of games found.
type Summary struct {
	Games      int            `json:"games"`
	Hands      int            `json:"hands"`
	Verified   int            `json:"hands_verified"`
	Determined int            `json:"hands_determined"`
	Methods    map[string]int `json:"methods"`    // games by order method
	Deviations map[string]int `json:"deviations"` // by code
	// GamesWithDeviations counts the games with at least one deviation.
	GamesWithDeviations int     `json:"games_with_deviations"`
	Seconds             float64 `json:"seconds"`
	HandsPerS           float64 `json:"hands_per_second"`
	// NotRecovered counts the hands whose order search ran past its
	// budget: neither verified nor found wrong (CodeNotRecovered).
	NotRecovered int `json:"hands_not_recovered,omitempty"`
	// GamesUnchecked counts the games whose only deviations are such
	// hands: not found wrong, only not wholly checked.
	GamesUnchecked int `json:"games_unchecked,omitempty"`
}

// NewSummary returns an empty summary.
func NewSummary() *Summary {
	return &Summary{Methods: map[string]int{}, Deviations: map[string]int{}}
}

// Add counts one game's report.
func (s *Summary) Add(r *Report) {
	s.Games++
	s.Methods[r.Method.String()]++
	for _, h := range r.Hands {
		s.Hands++
		if h.Verified {
			s.Verified++
		}
		if h.Determined {
			s.Determined++
		}
		if h.NotRecovered {
			s.NotRecovered++
		}
	}
	unchecked := len(r.Deviations) > 0
	for _, d := range r.Deviations {
		s.Deviations[d.Code]++
		unchecked = unchecked && d.Code == CodeNotRecovered
	}
	if unchecked {
		s.GamesUnchecked++
	}
	if len(r.Deviations) > 0 {
		s.GamesWithDeviations++
	}
}

// DeviationCount returns the number of deviations counted, of every code.
func (s *Summary) DeviationCount() int {
	n := 0
	for _, c := range s.Deviations {
		n += c
	}
	return n
}

// SortedCodes returns the deviation codes counted, most frequent first,
// then by name.
func (s *Summary) SortedCodes() []string {
	codes := make([]string, 0, len(s.Deviations))
	for c := range s.Deviations {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, func(a, b string) int {
		return cmp.Or(cmp.Compare(s.Deviations[b], s.Deviations[a]), cmp.Compare(a, b))
	})
	return codes
}
