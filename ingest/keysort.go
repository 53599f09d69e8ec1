package ingest

import (
	"cmp"
	"math/bits"
	"slices"
)

// compareKeyed orders entries by key, then by id: the order of a
// hashIndex's known games.
func compareKeyed(a, b keyed) int {
	if c := compareKeys128(a.key, b.key); c != 0 {
		return c
	}
	return cmp.Compare(a.id, b.id)
}

// smallSort is the length under which sortKeyed sorts by comparison alone.
const smallSort = 256

// maxBucketBits bounds the buckets sortKeyed spreads the entries over:
// 2^20 counters (8 MiB) for a million games or more.
const maxBucketBits = 20

// sortKeyed returns the entries sorted by compareKeyed, in s or in a new
// slice of the same length. The keys are the first bits of SHA-256
// hashes, spread evenly: the entries go into about one bucket each by
// their first bits (a count and a move, in linear time), and each bucket
// is then sorted by comparison. A comparison sort of the whole took 15%
// of the CPU time of an import of a thousand games into a database of
// 400,000 (reading the keys took a third in all), as every import reads
// the keys of every game loaded before it. Keys that are not spread
// (none are stored) only make the buckets larger: the order is the same.
// Swapping the entries into their buckets in place, without the copy,
// made that import cost 20% more CPU time (2.7 CPU s against 2.2 at a
// million games), for no lower peak.
func sortKeyed(s []keyed) []keyed {
	if len(s) < smallSort {
		slices.SortFunc(s, compareKeyed)
		return s
	}
	width := min(bits.Len(uint(len(s))), maxBucketBits)
	shift := 64 - width
	starts := make([]int, 1<<width+1)
	for _, e := range s {
		starts[e.key[0]>>shift+1]++
	}
	for i := 1; i < len(starts); i++ {
		starts[i] += starts[i-1]
	}
	out := make([]keyed, len(s))
	next := slices.Clone(starts[:len(starts)-1])
	for _, e := range s {
		b := e.key[0] >> shift
		out[next[b]] = e
		next[b]++
	}
	for b := range len(starts) - 1 {
		bucket := out[starts[b]:starts[b+1]]
		if len(bucket) < 12 {
			insertionSort(bucket)
		} else {
			slices.SortFunc(bucket, compareKeyed)
		}
	}
	return out
}

// insertionSort sorts a few entries by compareKeyed.
func insertionSort(s []keyed) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && compareKeyed(s[j], s[j-1]) < 0; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
