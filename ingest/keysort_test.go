package ingest

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortKeyedAgainstSortFunc: sortKeyed gives the order of a comparison
// sort, by key then id, whether the keys are spread like hashes or not.
func TestSortKeyedAgainstSortFunc(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	spread := func(int) hashKey { return hashKey{r.Uint64(), r.Uint64()} }
	for _, tc := range []struct {
		name string
		n    int
		key  func(i int) hashKey
	}{
		{"empty", 0, spread},
		{"one", 1, spread},
		{"fewer than smallSort", smallSort - 1, spread},
		{"spread like hashes", 5000, spread},
		{"spread, a hundred thousand", 100_000, spread},
		{"every key in one bucket", 3000, func(int) hashKey { return hashKey{r.Uint64() >> 40, r.Uint64()} }},
		{"the first halves equal", 3000, func(int) hashKey { return hashKey{7, r.Uint64()} }},
		{"a few keys, many ids each", 4000, func(int) hashKey { return hashKey{r.Uint64N(5) << 60, r.Uint64N(3)} }},
		{"keys at both ends", 2000, func(i int) hashKey { return hashKey{uint64(i%2) * (1<<64 - 1), uint64(i)} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := make([]keyed, tc.n)
			for i := range s {
				s[i] = keyed{tc.key(i), r.Int64N(1 << 40)}
			}
			want := slices.Clone(s)
			slices.SortFunc(want, compareKeyed)
			got := sortKeyed(s)
			if !slices.Equal(got, want) {
				t.Fatalf("sortKeyed of %d entries differs from a comparison sort", tc.n)
			}
		})
	}
}

// TestNewHashIndexFindsTheSmallestID: of the known games that share a key
// (read in id order, which is not key order), find returns the first.
func TestNewHashIndexFindsTheSmallestID(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var known []keyed
	first := map[hashKey]int64{}
	for id := int64(1); id <= 3000; id++ {
		k := hashKey{r.Uint64N(500) << 50, 1}
		if _, ok := first[k]; !ok {
			first[k] = id
		}
		known = append(known, keyed{k, id})
	}
	x := newHashIndex(known)
	for k, want := range first {
		if id, ok := x.find(k); !ok || id != want {
			t.Fatalf("find %v = %d, %v; want %d", k, id, ok, want)
		}
	}
}
