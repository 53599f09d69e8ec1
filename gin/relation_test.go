package gin

import (
	"math/rand/v2"
	"testing"
)

func TestBefore(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		after                  string
		drawn, discarded, want string
	}{
		{"stock draw", "S2 S3 S4 C5 C6 C7 D8 D9 H10 HK", "S2", "DK", "S3 S4 C5 C6 C7 D8 D9 H10 HK DK"},
		{"pile take", "HA S3 S4 C5 C6 C7 D8 D9 H10 HK", "HA", "CQ", "S3 S4 C5 C6 C7 CQ D8 D9 H10 HK"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			after, drawn, discarded, want := hand(t, tc.after), card(t, tc.drawn), card(t, tc.discarded), hand(t, tc.want)
			if got := Before(after, drawn, discarded); got != want {
				t.Errorf("Before = %v, want %v", got, want)
			}
			p := PlayRecord{Hand: after.Cards(), Drawn: drawn, Discarded: discarded}
			if got := p.Before(); got != want {
				t.Errorf("PlayRecord.Before = %v, want %v", got, want)
			}
		})
	}
}

func TestNeighbours(t *testing.T) {
	for _, tc := range []struct {
		card   string
		within int
		want   string
	}{
		{"S5", 1, "C5 D5 H5 S4 S6"},
		{"S5", 2, "C5 D5 H5 S3 S4 S6 S7"},
		{"DA", 2, "SA CA HA D2 D3"},
		{"HK", 1, "SK CK DK HQ"},
		{"C2", 0, "S2 D2 H2"},
	} {
		t.Run(tc.card, func(t *testing.T) {
			if got := Neighbours(card(t, tc.card), tc.within); got != hand(t, tc.want) {
				t.Errorf("Neighbours(%s, %d) = %v, want %v", tc.card, tc.within, got, hand(t, tc.want))
			}
		})
	}
}

// comboReference is the combo relation spelled out: a held card of c's
// rank, or of c's suit within two ranks, other than c.
func comboReference(h Hand, c Card) bool {
	for _, x := range h.Cards() {
		if x == c {
			continue
		}
		d := int(x.Rank()) - int(c.Rank())
		if x.Rank() == c.Rank() || x.Suit() == c.Suit() && d >= -2 && d <= 2 {
			return true
		}
	}
	return false
}

// TestComboReference checks Combo against the reference on random hands of
// every size and every card.
func TestComboReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	for range 20000 {
		d := Shuffled(rng)
		h := HandOf(d[:rng.IntN(12)]...)
		c := Card(rng.IntN(NumCards))
		if got, want := Combo(h, c), comboReference(h, c); got != want {
			t.Fatalf("Combo(%v, %v) = %v, want %v", h, c, got, want)
		}
	}
}

func hand(t *testing.T, s string) Hand {
	t.Helper()
	h, err := ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func card(t *testing.T, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
