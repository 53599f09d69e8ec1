package retrace

// Summary adds up the results of a run; Add is not safe for concurrent
// use.
type Summary struct {
	Games       int
	Agreeing    int // games with no difference and no fault
	Compared    [NumKinds]int
	Agreed      [NumKinds]int
	Differences int
	First       []Difference // the first differences, in the order added
	Faults      []Fault
	keep        int
}

// NewSummary returns a summary that keeps the first keep differences.
func NewSummary(keep int) *Summary { return &Summary{keep: keep} }

// Add counts the result of one game.
func (s *Summary) Add(r *Result) {
	s.Games++
	for k := range NumKinds {
		s.Compared[k] += r.Compared[k]
		s.Agreed[k] += r.Agreed[k]
	}
	s.Differences += len(r.Differences)
	if n := s.keep - len(s.First); n > 0 {
		s.First = append(s.First, r.Differences[:min(n, len(r.Differences))]...)
	}
	if r.Fault != nil {
		s.Faults = append(s.Faults, *r.Fault)
	}
	if len(r.Differences) == 0 && r.Fault == nil {
		s.Agreeing++
	}
}

// Rate returns the share of decisions of kind k that agree with the log,
// and 1 when none was compared.
func (s *Summary) Rate(k Kind) float64 {
	if s.Compared[k] == 0 {
		return 1
	}
	return float64(s.Agreed[k]) / float64(s.Compared[k])
}

// Total returns the decisions compared and agreed over every kind.
func (s *Summary) Total() (compared, agreed int) {
	for k := range NumKinds {
		compared += s.Compared[k]
		agreed += s.Agreed[k]
	}
	return compared, agreed
}
