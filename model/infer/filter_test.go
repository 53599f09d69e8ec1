package infer

import (
	"testing"

	"github.com/ginlog/ginlog/gin"
)

func mustHand(t *testing.T, s string) gin.Hand {
	t.Helper()
	h, err := gin.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func mustCard(t *testing.T, s string) gin.Card {
	t.Helper()
	c, err := gin.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFilter checks the Bayesian filter's logic on small rounds: each case
// lists pairs of cards, the first less likely held than the second.
func TestFilter(t *testing.T) {
	type play struct {
		own                   bool
		source                gin.Pile
		top, discarded, drawn string // drawn: the player's own stock card
	}
	tests := []struct {
		name   string
		faceUp string
		hand   string
		plays  []play
		less   [][2]string
		known  string
	}{
		{
			name: "a refused face-up card", faceUp: "S7", hand: "H2 H4 H6 H8 H10 HQ D2 D4 DJ DK",
			plays: []play{{source: gin.StockPile, top: "S7", discarded: "CA"}},
			less:  [][2]string{{"S6", "S5"}, {"S8", "S9"}, {"C7", "C4"}, {"S5", "C4"}, {"C2", "C4"}},
		},
		{
			name: "a discard", faceUp: "HK", hand: "H2 H4 H6 H8 H10 HQ D2 D4 DJ DK",
			plays: []play{{source: gin.StockPile, top: "HK", discarded: "C9"}},
			less:  [][2]string{{"C8", "C7"}, {"C10", "CQ"}, {"S9", "S3"}, {"C7", "S3"}},
		},
		{
			name: "a card taken face up", faceUp: "D9", hand: "H2 H4 H6 H8 H10 HQ D2 D4 DJ DK",
			plays: []play{{source: gin.DiscardPile, top: "D9", discarded: "S2"}},
			less:  [][2]string{{"C3", "D8"}, {"C3", "D10"}, {"C3", "S9"}, {"C3", "D7"}, {"D7", "D8"}},
			known: "D9",
		},
		{
			name: "a card taken face up and discarded again", faceUp: "D9", hand: "H2 H4 H6 H8 H10 HQ D2 D4 DJ DK",
			plays: []play{
				{source: gin.DiscardPile, top: "D9", discarded: "S2"},
				{own: true, source: gin.StockPile, top: "S2", discarded: "H2", drawn: "HA"},
				{source: gin.StockPile, top: "H2", discarded: "D9"},
			},
			less: [][2]string{{"D8", "C3"}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tr Tracker
			hand := mustHand(t, tc.hand)
			tr.Start(1, mustCard(t, tc.faceUp), hand)
			for _, p := range tc.plays {
				if p.own {
					tr.Own(p.source, mustCard(t, p.top), mustCard(t, p.discarded))
					hand = hand.Remove(mustCard(t, p.discarded)).Add(mustCard(t, p.drawn))
					tr.SetHand(hand)
					continue
				}
				tr.Opponent(p.source, mustCard(t, p.top), mustCard(t, p.discarded))
			}
			var probs [gin.NumCards]float64
			tr.Filter(&probs)
			for _, pair := range tc.less {
				a, b := mustCard(t, pair[0]), mustCard(t, pair[1])
				if probs[a] >= probs[b] {
					t.Errorf("P(%v) = %.4f, want below P(%v) = %.4f", a, probs[a], b, probs[b])
				}
			}
			var known gin.Hand
			if tc.known != "" {
				known = mustHand(t, tc.known)
			}
			if tr.Known() != known {
				t.Errorf("known %v, want %v", tr.Known(), known)
			}
		})
	}
}
