package replay

import "sort"

// Summary counts what the replay of a set of games found.
type Summary struct {
	Games        int            `json:"games"`
	Rounds       map[Status]int `json:"rounds"`
	Violations   map[string]int `json:"violations"`
	LostYou      int            `json:"points_lost_you"`
	LostOpp      int            `json:"points_lost_opp"`
	Seconds      float64        `json:"seconds"`
	GamesPerS    float64        `json:"games_per_second"`
	GamesWithBad int            `json:"games_with_violations"`
}

// NewSummary returns an empty summary, every status counted at zero.
func NewSummary() *Summary {
	return &Summary{Rounds: map[Status]int{Exact: 0, Explained: 0, Impossible: 0}, Violations: map[string]int{}}
}

// Add counts one game's result.
func (s *Summary) Add(res *Result) {
	s.Games++
	for _, rc := range res.Rounds {
		s.Rounds[rc.Status]++
		s.LostYou += rc.LostYou
		s.LostOpp += rc.LostOpp
	}
	for _, v := range res.Violations {
		s.Violations[v.Code]++
	}
	if len(res.Violations) > 0 {
		s.GamesWithBad++
	}
}

// Merge adds the counts of o, a summary of other games (nil: none), to
// s. Its Seconds and GamesPerS are left alone: the caller knows how the
// two runs' times add up.
func (s *Summary) Merge(o *Summary) {
	if o == nil {
		return
	}
	s.Games += o.Games
	for st, n := range o.Rounds {
		s.Rounds[st] += n
	}
	for c, n := range o.Violations {
		s.Violations[c] += n
	}
	s.LostYou += o.LostYou
	s.LostOpp += o.LostOpp
	s.GamesWithBad += o.GamesWithBad
}

// RoundCount returns the number of rounds counted, whatever their status.
func (s *Summary) RoundCount() int {
	n := 0
	for _, c := range s.Rounds {
		n += c
	}
	return n
}

// ViolationCount returns the number of violations counted, of every code.
func (s *Summary) ViolationCount() int {
	n := 0
	for _, c := range s.Violations {
		n += c
	}
	return n
}

// SortedCodes returns the violation codes of a summary, most frequent first.
func (s *Summary) SortedCodes() []string {
	var codes []string
	for c := range s.Violations {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		a, b := s.Violations[codes[i]], s.Violations[codes[j]]
		return a > b || a == b && codes[i] < codes[j]
	})
	return codes
}
