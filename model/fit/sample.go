package fit

import (
	"cmp"
	"iter"
	"slices"

	"github.com/ginlog/ginlog/gin/replay"
)

// DefaultMaxGames is the most games Fit's tables are counted from unless
// the command line names another number: a larger selection is sampled
// (Sample). The tables' cells are averages over plays, and 100,000 games
// (about 6 million plays a side) leave them no room to move: weights
// fitted on a 100,000-game sample of a corpus of 1,000,000 and on all of it
// differ by less than their cells' own sampling error (docs/performance.md,
// "fit at a million games"), while the fit's time grows with the games read.
const DefaultMaxGames = 100_000

// DefaultInferenceGames is the most training games the inference model
// learns from unless Options names another number: past it the held-out
// log loss no longer moves (0.54516 per unseen card from 9,000 games,
// 0.54509 from 27,000, 0.54511 from 90,000, on a corpus of meldable
// against memory), while each game costs a pass of gradients.
const DefaultInferenceGames = 32_768

// Salts of the samples, so that each is independent of HeldOut's split
// and of the other.
const (
	saltGames     = 0x5bd1e9955bd1e995
	saltInference = 0xc2b2ae3d27d4eb4f
)

// Sample returns the test that keeps about max of the games ids (at least
// max, at most one run more). It keeps runs of consecutive game IDs (up
// to 1,024 long, at least 64 runs in a sample), those whose first ID
// hashes lowest: the sample is the same for the same games, spreads
// evenly over the corpus (its opponents, sources and time) and is
// independent of the held-out split, and the games of a run are read
// together, where games kept one by one would each cost reading their
// neighbours. With max 0 or at most max ids, every game is kept.
func Sample(ids []int64, max int) func(id int64) bool {
	if max <= 0 || len(ids) <= max {
		return func(int64) bool { return true }
	}
	run := int64(1)
	for run < maxRun && int64(max)/(2*run) >= minRuns {
		run *= 2
	}
	type runGames struct {
		key   int64
		hash  uint64
		games int
	}
	var runs []runGames
	for _, id := range ids {
		key := id / run
		if len(runs) == 0 || runs[len(runs)-1].key != key {
			runs = append(runs, runGames{key: key, hash: mix(uint64(key) ^ saltGames)})
		}
		runs[len(runs)-1].games++
	}
	slices.SortFunc(runs, func(a, b runGames) int { return cmp.Compare(a.hash, b.hash) })
	kept := map[int64]bool{}
	for n, i := 0, 0; n < max; i++ {
		kept[runs[i].key] = true
		n += runs[i].games
	}
	return func(id int64) bool { return kept[id/run] }
}

// The length of Sample's runs: at most maxRun games, and short enough
// that a sample holds at least minRuns of them.
const (
	maxRun  = 1024
	minRuns = 64
)

// sample returns the test that keeps about max of n keys, by a hash of
// the key and salt.
func sample(salt uint64, n, max int) func(key int64) bool {
	if max <= 0 || n <= max {
		return func(int64) bool { return true }
	}
	// Keep a key when its hash falls in the first max/n of the range.
	limit := uint64(float64(max) / float64(n) * (1 << 63))
	return func(key int64) bool { return mix(uint64(key)^salt)>>1 < limit }
}

// mix is splitmix64's finaliser: every bit of x moves every bit of the
// result.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// keep returns the games of games that keep keeps (errors pass through).
func keep(games iter.Seq2[*replay.Game, error], keep func(int64) bool) iter.Seq2[*replay.Game, error] {
	return func(yield func(*replay.Game, error) bool) {
		for g, err := range games {
			if err == nil && g != nil && !keep(g.ID) {
				continue
			}
			if !yield(g, err) {
				return
			}
		}
	}
}
