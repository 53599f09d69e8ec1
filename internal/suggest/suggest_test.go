package suggest_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/internal/suggest"
)

func TestClosest(t *testing.T) {
	known := []string{"simple", "meldable", "memory", "random", "Bot7", "bot7-ladder"}
	for _, tc := range []struct {
		value string
		want  []string
	}{
		{"meldabel", []string{"meldable", "Bot7", "bot7-ladder", "memory", "random", "simple"}},
		{"bot7", []string{"Bot7", "bot7-ladder", "meldable", "memory", "random", "simple"}},
		{"memroy", []string{"memory", "Bot7", "bot7-ladder", "meldable", "random", "simple"}},
		{"", []string{"Bot7", "bot7-ladder", "meldable", "memory", "random", "simple"}},
	} {
		if got := suggest.Closest(tc.value, known); !slices.Equal(got, tc.want) {
			t.Errorf("Closest(%q) = %q, want %q", tc.value, got, tc.want)
		}
	}
}

// TestNear checks the names suggested for a mistyped one: the close ones
// only, the closest first, none when nothing is close.
func TestNear(t *testing.T) {
	known := []string{"summary", "draw-tendency", "knock-profile", "discards", "pace", "hearts-points", "hearts-moon"}
	for _, tc := range []struct {
		value string
		want  []string
	}{
		{"sumary", []string{"summary"}},
		{"Summary", []string{"summary"}},
		{"knock", []string{"knock-profile"}},
		{"hearts-mon", []string{"hearts-moon"}},
		{"hearts", []string{"hearts-moon", "hearts-points"}},
		{"hands", nil},
		{"", nil},
	} {
		if got := suggest.Near(tc.value, known); !slices.Equal(got, tc.want) {
			t.Errorf("Near(%q) = %q, want %q", tc.value, got, tc.want)
		}
	}
}

// TestNoSuch checks the one line of a value that is none of the known
// ones: the close ones suggested, every one listed.
func TestNoSuch(t *testing.T) {
	for _, tc := range []struct {
		noun, value string
		known       []string
		want        string
	}{
		{"format", "jsno", []string{"table", "csv", "json", "markdown"}, `no format "jsno" (did you mean json?); want table, csv, json or markdown`},
		{"format", "zzzzzz", []string{"table", "csv", "json", "markdown"}, `no format "zzzzzz"; want table, csv, json or markdown`},
		{"game kind", "heart", []string{"gin", "hearts"}, `no game kind "heart" (did you mean hearts?); want gin or hearts`},
		{"", "yuo", []string{"opp", "you", "both"}, `no "yuo" (did you mean you?); want opp, you or both`},
		{"player", "rolout", []string{"rollout"}, `no player "rolout" (did you mean rollout?); want rollout`},
	} {
		if got := suggest.NoSuch(tc.noun, tc.value, tc.known).Error(); got != tc.want {
			t.Errorf("NoSuch(%q, %q) = %q, want %q", tc.noun, tc.value, got, tc.want)
		}
	}
}

// editDistance is the definition of the Levenshtein distance, computed by
// brute force: the reference for Distance.
func editDistance(a, b []rune) int {
	switch {
	case len(a) == 0:
		return len(b)
	case len(b) == 0:
		return len(a)
	}
	sub := editDistance(a[1:], b[1:])
	if a[0] != b[0] {
		sub++
	}
	return min(sub, editDistance(a[1:], b)+1, editDistance(a, b[1:])+1)
}

func TestDistanceAgainstTheDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("abcé")
	word := func() string {
		r := make([]rune, rng.IntN(7))
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(r)
	}
	for range 2000 {
		a, b := word(), word()
		if got, want := suggest.Distance(a, b), editDistance([]rune(a), []rune(b)); got != want {
			t.Fatalf("Distance(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
}
