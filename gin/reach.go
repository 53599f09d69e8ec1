package gin

import (
	"math/bits"
	"strconv"
	"strings"
)

// Values is a set of small non-negative integers (0 to 255), used for the
// deadwood values a hand can be declared with.
type Values [4]uint64

// Add returns the set with v added. v must be in 0..255.
func (s Values) Add(v int) Values {
	s[v>>6] |= 1 << (v & 63)
	return s
}

// Has reports whether v is in the set.
func (s Values) Has(v int) bool {
	return v >= 0 && v < 256 && s[v>>6]&(1<<(v&63)) != 0
}

// Len returns the number of values in the set.
func (s Values) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// List returns the values in increasing order.
func (s Values) List() []int {
	var out []int
	for i, w := range s {
		for ; w != 0; w &= w - 1 {
			out = append(out, i*64+bits.TrailingZeros64(w))
		}
	}
	return out
}

// Min returns the smallest value, or -1 for the empty set.
func (s Values) Min() int {
	for i, w := range s {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// String returns the values as a brace-enclosed list, like {3 13 16}.
func (s Values) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, v := range s.List() {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('}')
	return b.String()
}

// ReachableDeadwood returns every deadwood value that some arrangement of
// disjoint melds of h gives, from the optimum up to the value of the whole
// hand (no melds at all). A player may declare any of them, so a logged score
// can be explained only by values in this set. h must be worth at most 255
// points (any hand of up to 25 cards).
func ReachableDeadwood(h Hand) Values {
	var s reachSearch
	s.cs.find(h)
	s.total = h.Points()
	s.run(0, 0, 0)
	return s.out
}

// reachSearch enumerates every set of disjoint candidate melds once, in
// increasing index order.
type reachSearch struct {
	cs    candidates
	total int
	out   Values
}

func (s *reachSearch) run(start int, used Hand, melded int) {
	s.out = s.out.Add(s.total - melded)
	for i := start; i < s.cs.n; i++ {
		if s.cs.mask[i]&used == 0 {
			s.run(i+1, used|s.cs.mask[i], melded+int(s.cs.value[i]))
		}
	}
}
