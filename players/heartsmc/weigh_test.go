package heartsmc

import (
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/model/habits"
)

// suitView returns the view of seat 0 leading the second trick of the
// hand in which each seat holds a suit (0 clubs, 1 diamonds, 2 spades, 3
// hearts) and the first trick was the twos, and the others' hands.
func suitView(t *testing.T) (hearts.View, [hearts.MaxPlayers]gin.Hand) {
	t.Helper()
	var dealt [hearts.MaxPlayers]gin.Hand
	for s, suit := range []gin.Suit{gin.Clubs, gin.Diamonds, gin.Spades, gin.Hearts} {
		dealt[s] = hearts.SuitCards(suit)
	}
	h, err := hearts.NewHand(dealt[:4])
	if err != nil {
		t.Fatal(err)
	}
	for _, suit := range []gin.Suit{gin.Clubs, gin.Diamonds, gin.Spades, gin.Hearts} {
		if err := h.Play(gin.NewCard(suit, gin.Two)); err != nil {
			t.Fatal(err)
		}
	}
	others := dealt
	others[0] = 0
	for s := 1; s < 4; s++ {
		others[s] = h.Held(s)
	}
	return h.View(1, [hearts.MaxPlayers]int{}), others
}

// TestWeightByHand: the weight of a deal of suitView, worked out by hand.
// Seat 1 threw the two of diamonds holding thirteen diamonds (mask other,
// 13 of its kind), seat 2 the two of spades holding every spade, the queen
// not legal in the first trick (mask high-spade and other, 10 others),
// seat 3 the two of hearts holding only hearts (mask heart, 13). The view's
// own seat's lead is not weighed.
func TestWeightByHand(t *testing.T) {
	v, others := suitView(t)
	w := habits.New()
	w.Dump.Opportunities[0b1000], w.Dump.Cases[0b1000] = 10, [4]int{0, 0, 0, 10}
	w.Dump.Opportunities[0b1010], w.Dump.Cases[0b1010] = 8, [4]int{0, 2, 0, 6}
	div := func(a, b float64) float64 { return a / b }
	want := 1.0
	want *= div(div(10+1, 10+1), 13) // seat 1
	want *= div(div(6+1, 8+2), 10)   // seat 2
	want *= div(div(0+1, 0+1), 13)   // seat 3
	if got := Weight(w, &v, others); got != want {
		t.Errorf("weight %v, want %v", got, want)
	}
	// Seat 3 holding the five of diamonds instead of the three of hearts
	// could not have thrown a heart in the first trick: weight 0.
	bad := others
	three, five := gin.NewCard(gin.Hearts, gin.Three), gin.NewCard(gin.Diamonds, gin.Five)
	bad[1], bad[3] = bad[1].Remove(five).Add(three), bad[3].Remove(three).Add(five)
	if got := Weight(w, &v, bad); got != 0 {
		t.Errorf("a deal the view does not allow weighs %v, want 0", got)
	}
}

// voidsHabits fits habits on 200 hands of four voids bots: they throw the
// queen of spades first whenever they cannot follow suit.
func voidsHabits(t *testing.T) *habits.Weights {
	t.Helper()
	hands := make([]habits.Hand, 200)
	for i := range hands {
		deck := hearts.Shuffled(rand.New(rand.NewPCG(uint64(i), 99)))
		dealt := hearts.Deal(&deck, 4)
		h, err := hearts.NewHand(dealt[:4])
		if err != nil {
			t.Fatal(err)
		}
		for !h.Done() {
			v := h.View(1, [hearts.MaxPlayers]int{})
			if err := h.Play(bots.Voids{}.Play(&v)); err != nil {
				t.Fatal(err)
			}
		}
		hands[i] = habits.Hand{Players: 4, Counted: [4]bool{true, true, true, true}}
		for _, tr := range h.Tricks() {
			hands[i].Tricks = append(hands[i].Tricks, tr.Cards)
		}
	}
	w, err := habits.Fit(hands)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestHabitsPlaceTheQueen: in hand 69 of midHand after 28 plays, seat 2
// leads holding the king of spades, the queen out; seat 1 threw a heart
// off-suit earlier while the queen was out. Players that always throw the
// queen when they can did not hold it then: under the voids habits the
// deals giving seat 1 the queen weigh next to nothing (against about a
// third of the uniform deals), and the player stops leading the king into
// the queen: it leads the nine of clubs, which takes fewer points than
// the king with the true hands played out by voids.
func TestHabitsPlaceTheQueen(t *testing.T) {
	w := voidsHabits(t)
	h, v := midHand(t, 69, 28)
	if v.Seat != 2 || h.Held(1).Has(hearts.QueenOfSpades) {
		t.Fatalf("seat %d to move, seat 1 holds %v: not the spot", v.Seat, h.Held(1))
	}
	rng := rand.New(rand.NewPCG(5, 5))
	var all, queenAt1, wAll, wQueenAt1 float64
	for range 2000 {
		d := Deal(&v, rng)
		wt := Weight(w, &v, d)
		all++
		wAll += wt
		if d[1].Has(hearts.QueenOfSpades) {
			queenAt1++
			wQueenAt1 += wt
		}
	}
	if share, wShare := queenAt1/all, wQueenAt1/wAll; share < 0.2 || wShare > 0.01 {
		t.Errorf("seat 1 holds the queen in %.3f of the deals, %.3f of their weight; want over 0.2 and under 0.01", share, wShare)
	}
	plain, tuned := New(), New()
	tuned.Habits = w
	kingOfSpades, nineOfClubs := gin.NewCard(gin.Spades, gin.King), gin.NewCard(gin.Clubs, gin.Nine)
	if a, b := plain.Play(&v), tuned.Play(&v); a != kingOfSpades || b != nineOfClubs {
		t.Fatalf("plain %v, weighted %v; want %v and %v", a, b, kingOfSpades, nineOfClubs)
	}
	if king, nine := truePoints(h, kingOfSpades, v.Seat), truePoints(h, nineOfClubs, v.Seat); nine >= king {
		t.Errorf("with the true hands the nine of clubs takes %d points, the king %d", nine, king)
	}
}

// truePoints returns the points the seat to move takes playing c in h, the
// hand played out by voids with the true hands.
func truePoints(h *hearts.HandState, c gin.Card, seat int) int {
	h = h.Clone()
	if err := h.Play(c); err != nil {
		return hearts.MoonPoints
	}
	for !h.Done() {
		v := h.View(1, [hearts.MaxPlayers]int{})
		if err := h.Play(bots.Voids{}.Play(&v)); err != nil {
			return hearts.MoonPoints
		}
	}
	points, _ := hearts.Score(4, h.Taken())
	return points[seat]
}

// TestHabitsDeterministic: the weighted player plays the same card for the
// same view, in a fresh player or after other views.
func TestHabitsDeterministic(t *testing.T) {
	w := voidsHabits(t)
	used := New()
	used.Habits = w
	for seed := range uint64(6) {
		for plays := 4; plays < 48; plays += 11 {
			_, v := midHand(t, seed, plays)
			fresh := New()
			fresh.Habits = w
			if a, b := fresh.Play(&v), used.Play(&v); a != b {
				t.Errorf("seed %d, play %d: %v fresh, %v after other views", seed, plays, a, b)
			}
		}
	}
}

// TestHabitsWeightOne: where no play was a dump or a lead (the first
// trick followed with clubs so far) every deal weighs 1.0.
func TestHabitsWeightOne(t *testing.T) {
	w := voidsHabits(t)
	checked := 0
	for seed := range uint64(40) {
		_, v := midHand(t, seed, 3)
		if gin.HandOf(v.Trick...)&^hearts.SuitCards(gin.Clubs) != 0 || v.Legal.Len() < 2 {
			continue
		}
		checked++
		if wt := Weight(w, &v, Deal(&v, rand.New(rand.NewPCG(seed, 1)))); wt != 1 {
			t.Errorf("seed %d: weight %v, want 1", seed, wt)
		}
	}
	if checked == 0 {
		t.Fatal("no view to check")
	}
}

// TestResample: systematic resampling worked out by hand. With weights
// 1, 0, 3, 0, 4 (total 8) and 4 picks the picks fall at (j+u)*2.
func TestResample(t *testing.T) {
	for _, tc := range []struct {
		name    string
		weights []float64
		n       int
		u       float64
		want    []int
	}{
		{"offset 0.5: t 1, 3, 5, 7", []float64{1, 0, 3, 0, 4}, 4, 0.5, []int{0, 0, 2, 0, 2}},
		{"offset 0: t 0, 2, 4, 6", []float64{1, 0, 3, 0, 4}, 4, 0, []int{1, 0, 1, 0, 2}},
		{"equal weights: one in two", []float64{2, 2, 2, 2, 2, 2}, 3, 0.7, []int{0, 1, 0, 1, 0, 1}},
		{"all zero: as if equal", []float64{0, 0, 0, 0}, 2, 0.5, []int{0, 1, 0, 1}},
		{"one weight holds all", []float64{0, 0, 5e-300, 0}, 3, 0.99, []int{0, 0, 3, 0}},
		{"more picks than candidates", []float64{1, 3}, 8, 0.25, []int{2, 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Resample(tc.weights, tc.n, tc.u)
			if len(got) != len(tc.want) {
				t.Fatalf("%d counts, want %d", len(got), len(tc.want))
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("counts %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// TestResampleInProportion: over many offsets each candidate is picked in
// proportion to its weight, and every call makes exactly n picks.
func TestResampleInProportion(t *testing.T) {
	weights := []float64{0.5, 0, 2, 1e-3, 1.5, 0.25, 3, 0}
	total := 0.0
	for _, w := range weights {
		total += w
	}
	const n, runs = 24, 2000
	rng := rand.New(rand.NewPCG(3, 4))
	picked := make([]int, len(weights))
	for range runs {
		counts, sum := Resample(weights, n, rng.Float64()), 0
		for i, c := range counts {
			picked[i] += c
			sum += c
		}
		if sum != n {
			t.Fatalf("%d picks, want %d", sum, n)
		}
	}
	for i, w := range weights {
		want := w / total * n * runs
		if got := float64(picked[i]); got < want-0.02*n*runs || got > want+0.02*n*runs || (w == 0 && got != 0) {
			t.Errorf("candidate %d (weight %v) picked %v times, want about %.0f", i, w, got, want)
		}
	}
}
