package habits

import (
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// cards reads cards in the logs' notation, failing the test on a typo.
func cards(t testing.TB, ss ...string) gin.Hand {
	t.Helper()
	var h gin.Hand
	for _, s := range ss {
		c, err := gin.ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		h = h.Add(c)
	}
	return h
}

func card(t testing.TB, s string) gin.Card {
	t.Helper()
	return cards(t, s).Cards()[0]
}

// TestObserve classifies hand-built plays: the table, the mask of kinds
// among the legal cards, the kind played and the legal cards of its kind.
func TestObserve(t *testing.T) {
	for _, tc := range []struct {
		name   string
		held   []string
		first  bool
		broken bool
		leads  bool
		led    gin.Suit
		before []string
		play   string
		want   Event
	}{
		{"every dump kind, the queen thrown", []string{"SQ", "SK", "H5", "H9", "D3"}, false, true, false, gin.Clubs, nil, "SQ",
			Event{DumpEvent, 0b1111, KindQueen, 1}},
		{"every dump kind, a heart of two", []string{"SQ", "SK", "H5", "H9", "D3"}, false, true, false, gin.Clubs, nil, "H5",
			Event{DumpEvent, 0b1111, KindHeart, 2}},
		{"the king with the queen out", []string{"SK", "SA", "D3"}, false, false, false, gin.Clubs, []string{"C2"}, "SK",
			Event{DumpEvent, 0b1010, KindHighSpade, 2}},
		{"the king after the queen fell: another card", []string{"SK", "SA", "H5"}, false, true, false, gin.Clubs, []string{"SQ"}, "SK",
			Event{DumpEvent, 0b1100, KindOther, 2}},
		{"the queen fell earlier in this trick", []string{"SA", "D4"}, false, false, false, gin.Clubs, []string{"C2", "SQ"}, "SA",
			Event{DumpEvent, 0b1000, KindOther, 2}},
		{"first trick: no point card is legal", []string{"SQ", "H2", "D4"}, true, false, false, gin.Clubs, []string{"C2"}, "D4",
			Event{DumpEvent, 0b1000, KindOther, 1}},
		{"first trick holding only point cards", []string{"SQ", "H2"}, true, false, false, gin.Clubs, []string{"C2"}, "H2",
			Event{DumpEvent, 0b0101, KindHeart, 1}},
		{"following suit is no event", []string{"C5", "SQ"}, false, false, false, gin.Clubs, []string{"C2"}, "C5", Event{}},
		{"leading the first trick is no event", []string{"C2", "D4"}, true, false, true, 0, nil, "C2", Event{}},
		{"a lead before hearts broke", []string{"S3", "H4", "C5", "C9"}, false, false, true, 0, nil, "C5",
			Event{LeadEvent, 0b0011, 1, 2}},
		{"a lead after hearts broke", []string{"S3", "H4", "C5"}, false, true, true, 0, []string{"H2"}, "H4",
			Event{LeadEvent, 0b1011, 3, 1}},
		{"a heart lead holding only hearts", []string{"H4", "H5"}, false, false, true, 0, nil, "H5",
			Event{LeadEvent, 0b1000, 3, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sit := hearts.Situation{Held: cards(t, tc.held...), First: tc.first, Broken: tc.broken, Leads: tc.leads, Led: tc.led}
			if got := Observe(sit, cards(t, tc.before...), card(t, tc.play)); got != tc.want {
				t.Errorf("Observe = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestRateAndLikelihood: the rates and likelihoods of a hand-filled table,
// worked out by hand.
func TestRateAndLikelihood(t *testing.T) {
	w := New()
	w.Dump.Opportunities[0b0101] = 8 // queen or heart: 6 queens, 2 hearts
	w.Dump.Cases[0b0101] = [NumKinds]int{6, 0, 2, 0}
	w.Lead.Opportunities[0b0011] = 3 // spades or clubs: 1 and 2
	w.Lead.Cases[0b0011] = [NumKinds]int{1, 2, 0, 0}
	div := func(a, b float64) float64 { return a / b } // in float64, as the player computes, not exact constants
	for _, tc := range []struct {
		name string
		e    Event
		want float64
	}{
		{"the queen: (6+1)/(8+2)", Event{DumpEvent, 0b0101, KindQueen, 1}, div(7, 10)},
		{"one of three hearts: (2+1)/(8+2)/3", Event{DumpEvent, 0b0101, KindHeart, 3}, div(div(3, 10), 3)},
		{"an unseen mask: 1/popcount over 4 cards", Event{DumpEvent, 0b1001, KindOther, 4}, div(div(1, 2), 4)},
		{"a club lead, one of two: (2+1)/(3+2)/2", Event{LeadEvent, 0b0011, 1, 2}, div(div(3, 5), 2)},
		{"no event", Event{}, 1},
		{"a kind outside the mask", Event{DumpEvent, 0b0100, KindQueen, 1}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := w.Likelihood(tc.e); got != tc.want {
				t.Errorf("Likelihood = %v, want %v", got, tc.want)
			}
		})
	}
}
