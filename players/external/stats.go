package external

import (
	"slices"
	"sync"
	"time"
)

// Kinds of decision, in the order of Stats.Kinds.
var Kinds = [...]string{"pick", "play", "melds"}

// kindIndex returns the index in Kinds of a request kind.
func kindIndex(kind string) int {
	return slices.Index(Kinds[:], kind)
}

// Times sums up the times of some decisions: how many, and the 50th, 90th
// and 99th percentiles (nearest rank: the smallest time that at least that
// share of the decisions took at most) and the longest. All are zero when
// Count is.
type Times struct {
	Count              int
	P50, P90, P99, Max time.Duration
}

// Stats is how close a pool's bot ran to the server's limits: the time of
// every decision its processes answered, from the moment ginlog started
// writing the request to the moment it had read the reply (the time the
// --timeout limit counts), and the longest memory it returned. A decision
// with no reply (a timeout, a crash) is not counted: it is a forfeit.
type Stats struct {
	All       Times             // every decision
	Kinds     [len(Kinds)]Times // by kind, in the order of Kinds
	Memories  int               // memories returned (pick and play replies)
	MaxMemory int               // the longest, in characters (Memory.Chars), a rejected one included
	Limit     time.Duration     // the time limit of one decision
}

// recorder keeps every decision's time, by kind, and the longest memory:
// eight bytes a decision, a few MB for a million decisions, so that the
// percentiles are exact. Its methods are safe for concurrent use.
type recorder struct {
	mu        sync.Mutex
	times     [len(Kinds)][]time.Duration
	memories  int
	maxMemory int
}

// decision records the time of one answered decision of a kind of Kinds.
func (r *recorder) decision(kind string, took time.Duration) {
	k := kindIndex(kind)
	if k < 0 {
		return
	}
	r.mu.Lock()
	r.times[k] = append(r.times[k], took)
	r.mu.Unlock()
}

// memory records the length of a returned memory in characters.
func (r *recorder) memory(chars int) {
	r.mu.Lock()
	r.memories++
	r.maxMemory = max(r.maxMemory, chars)
	r.mu.Unlock()
}

// stats sums up what was recorded so far.
func (r *recorder) stats() Stats {
	r.mu.Lock()
	var kinds [len(Kinds)][]time.Duration
	for k := range kinds {
		kinds[k] = slices.Clone(r.times[k])
	}
	s := Stats{Memories: r.memories, MaxMemory: r.maxMemory}
	r.mu.Unlock()
	var all []time.Duration
	for k, ts := range kinds {
		s.Kinds[k] = summarise(ts)
		all = append(all, ts...)
	}
	s.All = summarise(all)
	return s
}

// summarise sorts ts in place and returns its count, percentiles and
// maximum.
func summarise(ts []time.Duration) Times {
	slices.Sort(ts)
	t := Times{Count: len(ts), P50: percentile(ts, 50), P90: percentile(ts, 90), P99: percentile(ts, 99)}
	if len(ts) > 0 {
		t.Max = ts[len(ts)-1]
	}
	return t
}

// percentile returns the pct-th percentile (0 < pct <= 100) of sorted by
// the nearest-rank method: the element of rank ⌈pct·n/100⌉, counting from
// 1, so always one of the values, never an interpolation. It returns 0 for
// no values.
func percentile(sorted []time.Duration, pct int) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := (pct*n + 99) / 100
	return sorted[min(max(rank, 1), n)-1]
}
