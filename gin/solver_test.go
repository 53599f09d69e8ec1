package gin

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// propertyHands is how many 10-card and how many 11-card hands the property
// test checks against the reference (half uniform, half meld-rich).
const propertyHands = 100_000

func TestSolverMatchesReference(t *testing.T) {
	n := propertyHands
	if testing.Short() {
		n = 5_000
	}
	for _, size := range []int{10, 11} {
		t.Run(strconv.Itoa(size)+" cards", func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(size), 1))
			var solver Solver // kept from hand to hand, as its users do
			for i := range n {
				h := randomHand(rng, size)
				if i%2 == 1 {
					h = richHand(rng, size)
				}
				checkHand(t, h, rng, &solver)
				if t.Failed() {
					t.Fatalf("hand %d: %s", i, h)
				}
			}
		})
	}
}

// checkHand compares every solver answer for h with the reference, those
// of solver (which has answered other hands before) included.
func checkHand(t *testing.T, h Hand, rng *rand.Rand, solver *Solver) {
	t.Helper()
	want := refMin(h)
	if got := Deadwood(h); got != want {
		t.Errorf("Deadwood(%s) = %d, want %d", h, got, want)
	}
	if got := solver.Deadwood(h); got != want {
		t.Errorf("Solver.Deadwood(%s) = %d, want %d", h, got, want)
	}
	for _, bound := range []int{want - 1, want, want + 1, rng.IntN(100)} {
		if got := DeadwoodBelow(h, bound); got != (want < bound) {
			t.Errorf("DeadwoodBelow(%s, %d) = %v, deadwood %d", h, bound, got, want)
		}
		if got := solver.DeadwoodBelow(h, bound); got != (want < bound) {
			t.Errorf("Solver.DeadwoodBelow(%s, %d) = %v, deadwood %d", h, bound, got, want)
		}
	}
	points := 0
	for _, c := range h.Cards() {
		points += c.Points()
	}
	if got := h.Points(); got != points {
		t.Errorf("%s.Points() = %d, want %d", h, got, points)
	}
	a := Arrange(h)
	dw, err := CheckDeclaration(h, a.Melds)
	if err != nil || dw != want || a.Points() != want {
		t.Errorf("Arrange(%s) = %v (deadwood %d, checked %d, %v), want deadwood %d", h, a.Melds, a.Points(), dw, err, want)
	}
	reach := ReachableDeadwood(h)
	wantReach := refReach(h)
	if reach.Len() != len(wantReach) || reach.Min() != want {
		t.Errorf("ReachableDeadwood(%s) = %v, want %v", h, reach, keys(wantReach))
	}
	for v := range wantReach {
		if !reach.Has(v) {
			t.Errorf("ReachableDeadwood(%s) = %v lacks %d", h, reach, v)
		}
	}
	all := BestDiscards(h, 0)
	least, cards := all.Best()
	if got, gotCards := solver.LeastDiscards(h, 0); got != least || gotCards != cards {
		t.Errorf("Solver.LeastDiscards(%s, none) = %d %s, want %d %s", h, got, gotCards, least, cards)
	}
	if h.Len() != 11 {
		return
	}
	var forbidden Hand
	if rng.IntN(2) == 0 {
		cards := h.Cards()
		forbidden = HandOf(cards[rng.IntN(len(cards))])
	}
	d := BestDiscards(h, forbidden)
	if got := solver.BestDiscards(h, forbidden); got != d {
		t.Errorf("Solver.BestDiscards(%s, %s) = %+v, BestDiscards %+v", h, forbidden, got, d)
	}
	wantAfter := refDiscards(h, forbidden)
	if d.Allowed() != h&^forbidden {
		t.Errorf("BestDiscards(%s, %s).Allowed() = %s", h, forbidden, d.Allowed())
	}
	bestWant := -1
	for c, v := range wantAfter {
		if got, ok := d.After(c); !ok || got != v {
			t.Errorf("BestDiscards(%s, %s).After(%s) = %d, %v, want %d", h, forbidden, c, got, ok, v)
		}
		if bestWant < 0 || v < bestWant {
			bestWant = v
		}
	}
	if got := d.Whole(); got != want {
		t.Errorf("BestDiscards(%s, %s).Whole() = %d, want %d", h, forbidden, got, want)
	}
	least, cards = d.Best()
	if least != bestWant || cards.Len() == 0 {
		t.Errorf("BestDiscards(%s, %s).Best() = %d %s, want %d", h, forbidden, least, cards, bestWant)
	}
	if got, gotCards := LeastDiscards(h, forbidden); got != least || gotCards != cards {
		t.Errorf("LeastDiscards(%s, %s) = %d %s, want %d %s", h, forbidden, got, gotCards, least, cards)
	}
	if got, gotCards := solver.LeastDiscards(h, forbidden); got != least || gotCards != cards {
		t.Errorf("Solver.LeastDiscards(%s, %s) = %d %s, want %d %s", h, forbidden, got, gotCards, least, cards)
	}
	for _, c := range forbidden.Cards() {
		if _, ok := d.After(c); ok {
			t.Errorf("BestDiscards(%s, %s) allows forbidden %s", h, forbidden, c)
		}
	}
}

func keys(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// vectorsFile is the shared file of hands with known minimum deadwood,
// inside ../shared.
const vectorsFile = "vectors/deadwood.txt"

// vector is a line of the vectors file: a hand, its least deadwood and,
// for 11 cards, the least deadwood after the best discard.
type vector struct {
	hand  Hand
	all   int
	after int // -1 for a 10-card hand
}

// parseVector reads a line of the vectors file, "hand | all" for 10 cards
// or "hand | all/after" for 11. Any other line is an error: a vector that
// cannot be read is never compared against a zero.
func parseVector(text string) (vector, error) {
	handText, want, ok := strings.Cut(text, "|")
	if !ok {
		return vector{}, errors.New("no '|'")
	}
	h, err := ParseHand(strings.TrimSpace(handText))
	if err != nil {
		return vector{}, err
	}
	v := vector{hand: h, after: -1}
	all, after, split := strings.Cut(strings.TrimSpace(want), "/")
	if v.all, err = strconv.Atoi(all); err != nil || v.all < 0 {
		return vector{}, fmt.Errorf("deadwood %q is not a count", all)
	}
	switch n := h.Len(); {
	case n == 10 && !split:
	case n == 11 && split:
		if v.after, err = strconv.Atoi(after); err != nil || v.after < 0 {
			return vector{}, fmt.Errorf("deadwood after the discard %q is not a count", after)
		}
	default:
		return vector{}, fmt.Errorf("%d cards with %q: want 10 cards and one value, or 11 and two (all/after)", n, strings.TrimSpace(want))
	}
	return v, nil
}

func TestParseVector(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       vector
		wantErr    string
	}{
		{"ten cards", "SA S2 S3 CA C2 C3 DA D2 D3 HK | 10", vector{HandOf(mustCards(t, "SA S2 S3 CA C2 C3 DA D2 D3 HK")...), 10, -1}, ""},
		{"eleven cards", "SA S2 S3 CA C2 C3 DA D2 D3 HK H9 | 19/9", vector{HandOf(mustCards(t, "SA S2 S3 CA C2 C3 DA D2 D3 HK H9")...), 19, 9}, ""},
		{"no bar", "SA S2 S3 CA C2 C3 DA D2 D3 HK 10", vector{}, "no '|'"},
		{"not a number", "SA S2 S3 CA C2 C3 DA D2 D3 HK | ten", vector{}, `deadwood "ten" is not a count`},
		{"empty value", "SA S2 S3 CA C2 C3 DA D2 D3 HK |", vector{}, `deadwood "" is not a count`},
		{"negative", "SA S2 S3 CA C2 C3 DA D2 D3 HK | -1", vector{}, `deadwood "-1" is not a count`},
		{"bad after", "SA S2 S3 CA C2 C3 DA D2 D3 HK H9 | 19/x", vector{}, `deadwood after the discard "x" is not a count`},
		{"eleven with one value", "SA S2 S3 CA C2 C3 DA D2 D3 HK H9 | 19", vector{}, "11 cards"},
		{"ten with two values", "SA S2 S3 CA C2 C3 DA D2 D3 HK | 10/0", vector{}, "10 cards"},
		{"nine cards", "SA S2 S3 CA C2 C3 DA D2 D3 | 0", vector{}, "9 cards"},
		{"bad card", "SA S2 S3 CA C2 C3 DA D2 D3 XK | 10", vector{}, "X"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseVector(tc.line)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("error %v, want one with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// mustCards parses a hand's cards, in order.
func mustCards(t *testing.T, s string) []Card {
	t.Helper()
	cards, err := ParseCards(strings.ReplaceAll(s, " ", ";"))
	if err != nil {
		t.Fatal(err)
	}
	return cards
}

// TestDeadwoodVectors checks the solver on every vector of the shared
// file; a line it cannot read fails the test.
func TestDeadwoodVectors(t *testing.T) {
	path := testenv.Shared(t, vectorsFile)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		v, err := parseVector(text)
		if err != nil {
			t.Errorf("%s:%d: %v", path, line, err)
			continue
		}
		if got := Deadwood(v.hand); got != v.all {
			t.Errorf("%s:%d: Deadwood(%s) = %d, want %d", path, line, v.hand, got, v.all)
		}
		if v.after >= 0 {
			d := BestDiscards(v.hand, 0)
			if got, _ := d.Best(); got != v.after {
				t.Errorf("%s:%d: best discard of %s leaves %d, want %d", path, line, v.hand, got, v.after)
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no vectors read")
	}
}

func TestCandidateBound(t *testing.T) {
	// The worst case for maxMelds: 11 cards of one suit in a row.
	h := Hand(0)
	for r := Rank(0); r < 11; r++ {
		h = h.Add(NewCard(Hearts, r))
	}
	var cs candidates
	cs.find(h)
	if cs.n != 24 {
		t.Errorf("melds of %s = %d, want 24", h, cs.n)
	}
	if got, want := Deadwood(h), 0; got != want {
		t.Errorf("Deadwood(%s) = %d, want %d", h, got, want)
	}
}
