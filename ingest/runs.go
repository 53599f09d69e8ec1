package ingest

// sortedRuns holds what an import adds to an index in sorted runs, each
// more than twice as long as the next, so that a lookup searches a few
// of them (a logarithm of the entries) and the entries take their own
// size, where a map takes two to three times it. push merges a new run
// into the last ones until the rule holds again; a merge keeps the order
// of equal entries, the older first.
type sortedRuns[T any] struct {
	runs [][]T // oldest first
	cmp  func(a, b T) int
}

// push adds a sorted run, which the index keeps.
func (s *sortedRuns[T]) push(run []T) {
	for n := len(s.runs); n > 0 && len(s.runs[n-1]) <= 2*len(run); n-- {
		run = mergeSorted(s.runs[n-1], run, s.cmp)
		s.runs = s.runs[:n-1]
	}
	s.runs = append(s.runs, run)
}

// mergeSorted merges two sorted runs into a new one, a's entries before
// b's equal ones.
func mergeSorted[T any](a, b []T, cmp func(a, b T) int) []T {
	out := make([]T, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if cmp(a[0], b[0]) <= 0 {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}
