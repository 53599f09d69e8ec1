package retrace

// HeartsSummary adds up the results of a Hearts run; Add is not safe for
// concurrent use.
type HeartsSummary struct {
	Games       int
	Agreeing    int // games with a card compared, and no difference and no fault
	Compared    int
	Agreed      int
	Hands       int
	Skipped     int
	Assumed     int
	Differences int
	First       []HeartsDifference // the first differences, in the order added
	Faults      []HeartsFault
	keep        int
}

// NewHeartsSummary returns a summary that keeps the first keep
// differences.
func NewHeartsSummary(keep int) *HeartsSummary { return &HeartsSummary{keep: keep} }

// Add counts the result of one game.
func (s *HeartsSummary) Add(r *HeartsResult) {
	s.Games++
	s.Compared += r.Compared
	s.Agreed += r.Agreed
	s.Hands += r.Hands
	s.Skipped += r.Skipped
	s.Assumed += r.Assumed
	s.Differences += len(r.Differences)
	if n := s.keep - len(s.First); n > 0 {
		s.First = append(s.First, r.Differences[:min(n, len(r.Differences))]...)
	}
	s.Faults = append(s.Faults, r.Faults...)
	if r.Compared > 0 && len(r.Differences) == 0 && len(r.Faults) == 0 {
		s.Agreeing++
	}
}

// Rate returns the share of the cards compared that agree with the log,
// and 1 when none was compared.
func (s *HeartsSummary) Rate() float64 {
	if s.Compared == 0 {
		return 1
	}
	return float64(s.Agreed) / float64(s.Compared)
}
