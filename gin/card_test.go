package gin

import (
	"errors"
	"strings"
	"testing"
)

func TestParseCard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Card
		err  bool
	}{
		{"SA", NewCard(Spades, Ace), false},
		{"D10", NewCard(Diamonds, Ten), false},
		{"HJ", NewCard(Hearts, Jack), false},
		{"CK", NewCard(Clubs, King), false},
		{"H2", NewCard(Hearts, Two), false},
		{"DT", 0, true},  // the server never writes T
		{"sa", 0, true},  // lower case
		{"S1", 0, true},  // ace is A
		{"X9", 0, true},  // no such suit
		{"S11", 0, true}, // no such rank
		{"S", 0, true},
		{"", 0, true},
		{" SA", 0, true},
		{"SA ", 0, true},
		{"D100", 0, true},
	} {
		got, err := ParseCard(tc.in)
		if tc.err {
			var ce *CardError
			if !errors.As(err, &ce) || ce.Token != tc.in {
				t.Errorf("ParseCard(%q) = %v, %v, want a CardError naming %q", tc.in, got, err, tc.in)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseCard(%q) = %v, %v, want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestCardRoundTrip(t *testing.T) {
	for c := Card(0); c < NumCards; c++ {
		got, err := ParseCard(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCard(%q) = %v, %v, want %v", c.String(), got, err, c)
		}
	}
	if got := FullDeck.Len(); got != NumCards {
		t.Errorf("FullDeck has %d cards", got)
	}
	if got := FullDeck.Points(); got != 4*(1+2+3+4+5+6+7+8+9+10+10+10+10) {
		t.Errorf("FullDeck points = %d", got)
	}
}

func TestParseCards(t *testing.T) {
	for _, tc := range []struct {
		name, in, want, err string
	}{
		{"semicolons as in the logs", "S7;D10;HJ", "S7 D10 HJ", ""},
		{"spaces", "S7 D10  HJ", "S7 D10 HJ", ""},
		{"commas and spaces", "S7, D10,HJ", "S7 D10 HJ", ""},
		{"order kept", "HK SA", "HK SA", ""},
		{"empty", "", "", ""},
		{"bad token named", "S7 D1O HJ", "", `bad card "D1O"`},
		{"repeated card", "S7 HJ S7", "", "card S7 appears twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cards, err := ParseCards(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("ParseCards(%q) error %v, want %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil || JoinCards(cards, " ") != tc.want {
				t.Fatalf("ParseCards(%q) = %v, %v, want %s", tc.in, cards, err, tc.want)
			}
		})
	}
}

func TestMeldKind(t *testing.T) {
	for _, tc := range []struct {
		cards string
		want  MeldKind
	}{
		{"SA S2 S3", Run},
		{"SA S2 S3 S4 S5", Run},
		{"SJ SQ SK", Run},
		{"SQ SK SA", NotAMeld}, // no wrap-around
		{"S2 S3 S4 S5 S6 S7", NotAMeld},
		{"S2 S3", NotAMeld},
		{"S2 S4 S5", NotAMeld},
		{"S2 C3 S4", NotAMeld},
		{"S7 C7 D7", Set},
		{"S7 C7 D7 H7", Set},
		{"S7 C7", NotAMeld},
		{"S7 C7 D8", NotAMeld},
		{"HK SA S2", NotAMeld}, // adjacent card numbers across suits
		{"SK CA C2", NotAMeld},
	} {
		h, err := ParseHand(tc.cards)
		if err != nil {
			t.Fatal(err)
		}
		if got := Meld(h).Kind(); got != tc.want {
			t.Errorf("Meld(%s).Kind() = %v, want %v", tc.cards, got, tc.want)
		}
		if got := refIsMeld(h.Cards()); got != (tc.want != NotAMeld) {
			t.Errorf("reference says %s is a meld: %v", tc.cards, got)
		}
	}
}

func TestCheckDeclaration(t *testing.T) {
	hand, err := ParseHand("SA S2 S3 S4 C5 C6 C7 D9 D10 HK")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, melds string
		want        int
		err         string
	}{
		{"optimal", "SA S2 S3 S4 | C5 C6 C7", 29, ""},
		{"weaker", "S2 S3 S4 | C5 C6 C7", 30, ""},
		{"nothing declared", "", 57, ""},
		{"not a meld", "SA S2 | C5 C6 C7", 0, "declared meld [SA S2]: not a set of 3-4 or a run of 3-5"},
		{"card not held", "S3 S4 S5", 0, "declared meld [S3 S4 S5]: S5 not in the hand"},
		{"second meld beyond the hand", "SA S2 S3 | S3 S4 S5", 0, "declared meld [S3 S4 S5]: S5 not in the hand"},
		{"card twice", "SA S2 S3 | S2 S3 S4", 0, "declared meld [S2 S3 S4]: S2 S3 already in another meld"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var melds []Meld
			if tc.melds != "" {
				for _, part := range strings.Split(tc.melds, "|") {
					h, err := ParseHand(part)
					if err != nil {
						t.Fatal(err)
					}
					melds = append(melds, Meld(h))
				}
			}
			got, err := CheckDeclaration(hand, melds)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("CheckDeclaration = %d, %v, want %d", got, err, tc.want)
			}
		})
	}
}

func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"SA", "D10", "HJ", "X9", "S", "C100", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			return
		}
		if !c.Valid() || c.String() != s {
			t.Fatalf("ParseCard(%q) = %v, which prints as %q", s, c, c.String())
		}
	})
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"S7;D10;HJ", "SA, S2 S3", ";;", "S7 S7", "HK\tSA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cards, err := ParseCards(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		again, err := ParseCards(JoinCards(cards, ";"))
		if err != nil || JoinCards(again, " ") != JoinCards(cards, " ") {
			t.Fatalf("round trip of %q: %v, %v", s, again, err)
		}
		if HandOf(cards...).Len() != len(cards) {
			t.Fatalf("ParseCards(%q) returned a repeated card", s)
		}
	})
}
