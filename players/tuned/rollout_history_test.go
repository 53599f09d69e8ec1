package tuned

import (
	"math"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/model"
)

// TestHistory lists the opponent's plays before its last one, the latest
// first, with the stock at each: a refusal, a take of a card it still
// holds, a take of a card it discarded later (not an event), and each
// discard. The stock is counted back from the view's, as at the start of
// each play.
func TestHistory(t *testing.T) {
	c := func(s string) gin.Card { return card(t, s) }
	opp, me := gin.Seat(1), gin.Seat(0)
	v := &gin.View{Seat: me, StockLeft: 20, History: []gin.PublicPlay{
		{Seat: opp, Source: gin.StockPile, Top: c("H9"), Discarded: c("SK")},   // 0: refused H9
		{Seat: me, Source: gin.StockPile, Top: c("SK"), Discarded: c("D2")},    // 1
		{Seat: opp, Source: gin.DiscardPile, Top: c("D2"), Discarded: c("CQ")}, // 2: took D2, holds it
		{Seat: me, Source: gin.StockPile, Top: c("CQ"), Discarded: c("S7")},    // 3
		{Seat: opp, Source: gin.DiscardPile, Top: c("S7"), Discarded: c("HJ")}, // 4: took S7, threw it at 6
		{Seat: me, Source: gin.StockPile, Top: c("HJ"), Discarded: c("C3")},    // 5
		{Seat: opp, Source: gin.StockPile, Top: c("C3"), Discarded: c("S7")},   // 6: the last play
	}}
	s := newRolloutState(nil, nil, DefaultRolloutConfig)
	got := s.history(v, 6)
	want := []histEvent{
		{c("HJ"), histDiscard, 22},
		{c("D2"), histTaken, 23}, {c("CQ"), histDiscard, 23},
		{c("H9"), histRefused, 25}, {c("SK"), histDiscard, 25},
	}
	if !slices.Equal(got, want) {
		t.Errorf("history %v, want %v", got, want)
	}
	// The same buffers serve the next decision.
	if again := s.history(v, 2); !slices.Equal(again, want[3:]) {
		t.Errorf("history before play 2: %v, want %v", again, want[3:])
	}
}

// TestHistoryWeight weighs hands against an opponent that takes the cards
// that meld and no other and always discards to its least deadwood (the
// default hand policy): each play a hand does not explain costs it a
// factor of soft.
func TestHistoryWeight(t *testing.T) {
	p, err := NewRolloutPlayer(model.Defaults(), DefaultRolloutConfig)
	if err != nil {
		t.Fatal(err)
	}
	c := func(s string) gin.Card { return card(t, s) }
	ev := []histEvent{
		{c("D2"), histTaken, 25},   // taken face up: should meld with the rest
		{c("H9"), histRefused, 27}, // refused: should not meld
		{c("SK"), histDiscard, 27}, // discarded: should not meld
	}
	const soft = 0.2
	for _, tc := range []struct {
		name, hand string
		want       float64
	}{
		{"explains every play", "D2 D3 D4 C5 C8 H2 H4 S6 S9 CA", 1},
		{"the taken card melds with nothing", "D2 D6 D8 C5 C8 H2 H4 S6 S9 CA", soft},
		{"the refused card melds", "D2 D3 D4 H10 HJ C8 H2 S6 S9 CA", soft},
		{"the discard melds", "D2 D3 D4 SQ SJ C8 H2 S6 S9 CA", soft},
		{"none of them", "D2 D6 D8 H10 HJ SQ SJ S6 S9 CA", soft * soft * soft},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := gin.ParseHand(tc.hand)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.historyWeight(ev, h, gin.Deadwood(h), soft); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("weight %v, want %v", got, tc.want)
			}
		})
	}
}

// TestResample draws the deals again by weight: each kept in proportion
// to its weight, equally weighted, as many as the samples.
func TestResample(t *testing.T) {
	cfg := DefaultRolloutConfig
	cfg.Samples = 10
	s := newRolloutState(nil, nil, cfg)
	s.pcg.Seed(1, 2)
	for i, w := range []float64{0, 6, 1, 0, 3} {
		s.deals = append(s.deals, rolloutDeal{hand: gin.Hand(1) << i, weight: w})
	}
	s.resample()
	count := map[gin.Hand]int{}
	for _, d := range s.deals {
		if d.weight != 1 {
			t.Fatalf("a deal of weight %v", d.weight)
		}
		count[d.hand]++
	}
	if len(s.deals) != 10 || count[2] != 6 || count[4] != 1 || count[16] != 3 {
		t.Errorf("%d deals, by hand %v; want 10: 6, 1 and 3", len(s.deals), count)
	}
}
