package gin

import (
	"bufio"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
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
			for i := range n {
				h := randomHand(rng, size)
				if i%2 == 1 {
					h = richHand(rng, size)
				}
				checkHand(t, h, rng)
				if t.Failed() {
					t.Fatalf("hand %d: %s", i, h)
				}
			}
		})
	}
}

// checkHand compares every solver answer for h with the reference.
func checkHand(t *testing.T, h Hand, rng *rand.Rand) {
	t.Helper()
	want := refMin(h)
	if got := Deadwood(h); got != want {
		t.Errorf("Deadwood(%s) = %d, want %d", h, got, want)
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
	if h.Len() != 11 {
		return
	}
	var forbidden Hand
	if rng.IntN(2) == 0 {
		cards := h.Cards()
		forbidden = HandOf(cards[rng.IntN(len(cards))])
	}
	d := BestDiscards(h, forbidden)
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
	if got, cards := d.Best(); got != bestWant || cards.Len() == 0 {
		t.Errorf("BestDiscards(%s, %s).Best() = %d %s, want %d", h, forbidden, got, cards, bestWant)
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

// vectorsPath is the shared file of hands with known minimum deadwood.
const vectorsPath = "../../shared/vectors/deadwood.txt"

func TestDeadwoodVectors(t *testing.T) {
	f, err := os.Open(vectorsPath)
	if err != nil {
		t.Skipf("shared vectors absent (%v): run from a checkout with ../shared beside it", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		handText, want, ok := strings.Cut(text, "|")
		if !ok {
			t.Fatalf("%s:%d: no '|'", vectorsPath, line)
		}
		h, err := ParseHand(handText)
		if err != nil {
			t.Fatalf("%s:%d: %v", vectorsPath, line, err)
		}
		all, after, _ := strings.Cut(strings.TrimSpace(want), "/")
		wantAll, _ := strconv.Atoi(all)
		if got := Deadwood(h); got != wantAll {
			t.Errorf("%s:%d: Deadwood(%s) = %d, want %d", vectorsPath, line, h, got, wantAll)
		}
		if after != "" {
			wantAfter, _ := strconv.Atoi(after)
			d := BestDiscards(h, 0)
			if got, _ := d.Best(); got != wantAfter {
				t.Errorf("%s:%d: best discard of %s leaves %d, want %d", vectorsPath, line, h, got, wantAfter)
			}
		}
		n++
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
