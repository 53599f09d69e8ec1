// Package suggest finds, for a name that matched none of the known ones
// (a mistyped flag value, query, player or tag), the known names the user
// may have meant, and words the one-line error that says so: `no format
// "jsno" (did you mean json?); want table, csv, json or markdown`. It is
// pure string work, below every layer that names things, so that the
// players registry, the selection of games and the commands all suggest
// alike.
package suggest

import (
	"fmt"
	"slices"
	"strings"
)

// Closest orders known values for a message about value, which matched
// none of them: first those close to it (case aside, at most two edits
// away, or one containing the other), the closest first, then the rest by
// name. known is not changed.
func Closest(value string, known []string) []string {
	s := ranked(value, known)
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = x.name
	}
	return out
}

// Near returns the known values close to value (see Closest), the
// closest first: the names to suggest for a mistyped one.
func Near(value string, known []string) []string {
	var near []string
	for _, x := range ranked(value, known) {
		if !x.close {
			break
		}
		near = append(near, x.name)
	}
	return near
}

// NoSuch returns the error for a value that is none of the known ones,
// in one line that suggests the close ones (see Near) and lists them all:
// `no format "jsno" (did you mean json?); want table, csv, json or
// markdown`. noun names what the values are ("format", "game kind"); an
// empty one leaves it out: `no "yuo" (did you mean you?)`.
func NoSuch(noun, value string, known []string) error {
	what := fmt.Sprintf("%q", value)
	if noun != "" {
		what = noun + " " + what
	}
	return fmt.Errorf("no %s%s; want %s", what, DidYouMean(value, known), OrList(known))
}

// shown is how many names DidYouMean suggests at most.
const shown = 3

// DidYouMean returns the clause that suggests the known values close to
// value (see Near), the closest first and three at most, to follow the
// value in a message: ` (did you mean json?)`, ` (did you mean simple or
// sampled:PATH?)`; "" when none is close.
func DidYouMean(value string, known []string) string {
	near := Near(value, known)
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near[:min(len(near), shown)], " or ") + "?)"
}

// OrList joins names for a message: "a", "a or b", "a, b or c".
func OrList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// scored is a known value with its distance from the value typed.
type scored struct {
	name  string
	dist  int
	close bool
}

// ranked scores known values against value, in Closest's order.
func ranked(value string, known []string) []scored {
	s := make([]scored, len(known))
	for i, k := range known {
		d, close := closeTo(value, k)
		s[i] = scored{k, d, close}
	}
	slices.SortStableFunc(s, func(a, b scored) int {
		switch {
		case a.close && !b.close:
			return -1
		case !a.close && b.close:
			return 1
		case a.close && a.dist != b.dist:
			return a.dist - b.dist
		}
		return strings.Compare(a.name, b.name)
	})
	return s
}

// closeTo returns the distance between value and known, case aside, and
// whether they are close: at most two edits apart, or one containing the
// other.
func closeTo(value, known string) (int, bool) {
	v, k := strings.ToLower(value), strings.ToLower(known)
	d := Distance(v, k)
	return d, d <= 2 || (v != "" && strings.Contains(k, v)) || (k != "" && strings.Contains(v, k))
}

// Distance returns the Levenshtein distance between a and b, in runes:
// the fewest insertions, deletions and substitutions that turn one into
// the other.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			sub := prev[j-1]
			if ra[i-1] != rb[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
