package ingest

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTSIndex adds games of a few timestamps in a random order, with runs
// of one to sixteen games and the default: at finds every game of a
// timestamp, those loaded before the import first (by id), then the
// import's in the order it added them; the runs stay sorted, each more
// than twice as long as the next.
func TestTSIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		var known []tsEntry
		for i := range r.IntN(50) {
			known = append(known, tsEntry{ts: int64(r.IntN(30)), id: int64(i + 1)})
		}
		want := map[int64][]tsEntry{}
		x := newTSIndex(slices.Clone(known))
		for _, e := range x.known { // sorted by timestamp, then id
			want[e.ts] = append(want[e.ts], e)
		}
		x.tailMax = []int{1, 3, 16, tailRun}[trial%4]
		for i := range r.IntN(300) {
			e := tsEntry{ts: int64(r.IntN(30)), id: int64(1000 + i), plays: int32(i)}
			if r.IntN(4) > 0 { // mostly in order, as a folder's games come
				e.ts = int64(i / 10)
			}
			x.add(e)
			want[e.ts] = append(want[e.ts], e)
		}
		for ts := range int64(40) {
			if got := x.at(ts, nil); !slices.Equal(got, want[ts]) {
				t.Fatalf("trial %d: at(%d) = %v, want %v", trial, ts, got, want[ts])
			}
		}
		for i, run := range x.added.runs {
			if !slices.IsSortedFunc(run, byTS) || i > 0 && len(x.added.runs[i-1]) <= 2*len(run) {
				t.Fatalf("trial %d: run %d of %d games (after %d) unsorted or too long", trial, i, len(run), len(x.added.runs[max(i-1, 0)]))
			}
		}
	}
}
