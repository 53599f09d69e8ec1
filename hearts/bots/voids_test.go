package bots

import (
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
)

// cards parses cards in the log notation, failing the test on a bad one.
func cards(t *testing.T, s string) []gin.Card {
	t.Helper()
	cs, err := gin.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// trick makes a finished four-player trick led by leader, its cards given
// in play order.
func trick(t *testing.T, leader int, s string) hearts.Trick {
	t.Helper()
	tr := hearts.Trick{Leader: leader}
	for i, c := range cards(t, s) {
		tr.Cards[(leader+i)%4] = c
	}
	return tr
}

// view makes seat 0's view of a four-player hand: its cards, the legal ones
// (all held when empty), the current trick led by leader, in play order,
// and the finished tricks.
func view(t *testing.T, held, legal string, leader int, current string, tricks ...hearts.Trick) *hearts.View {
	t.Helper()
	v := &hearts.View{Seat: 0, Players: 4, Hand: 1, Held: gin.HandOf(cards(t, held)...), Leader: leader, Tricks: tricks}
	v.Legal = v.Held
	if legal != "" {
		v.Legal = gin.HandOf(cards(t, legal)...)
	}
	v.Trick = cards(t, current)
	v.Led = len(v.Trick) > 0
	for _, tr := range tricks {
		v.Played |= gin.HandOf(tr.Cards[:4]...)
	}
	return v
}

func TestVoidsOf(t *testing.T) {
	v := view(t, "D9 DJ", "", 1, "D2 D5 S3", trick(t, 0, "C2 C5 H5 C9"))
	got := VoidsOf(v)
	var want [hearts.MaxPlayers][gin.NumSuits]bool
	want[2][gin.Clubs] = true    // did not follow clubs in the first trick
	want[3][gin.Diamonds] = true // did not follow diamonds in this one
	if got != want {
		t.Errorf("VoidsOf = %v, want %v", got, want)
	}
}

func TestVoidsPlay(t *testing.T) {
	clubsVoid := trick(t, 0, "C2 C5 H5 C9") // seat 2 has no clubs
	for _, tc := range []struct {
		name         string
		v            *hearts.View
		want, simple string // Voids' card, and Tracker's for contrast ("" if the same)
	}{
		{"leads away from a suit another player is void in",
			view(t, "C3 D4 DK", "", 0, "", clubsVoid), "D4", "C3"},
		{"leads its own suit when every suit is void somewhere",
			view(t, "C3 C4", "", 0, "", clubsVoid), "C3", ""},
		{"flushes the queen with its highest spade under it",
			view(t, "S5 S9 D3", "", 0, ""), "S9", "D3"},
		{"does not flush while it holds the king of spades",
			view(t, "S5 SK D3", "", 0, ""), "D3", ""},
		{"does not flush once the queen is played",
			view(t, "S5 S9 D3", "", 0, "", trick(t, 0, "S2 SQ S3 S4")), "D3", ""},
		{"takes with its highest card when a later player is void",
			view(t, "CJ CA D3", "CJ CA", 3, "C10", trick(t, 0, "C2 H5 C5 C6")), "CA", "CJ"},
		{"plays low when no later player is void",
			view(t, "CJ CA D3", "CJ CA", 3, "C10", trick(t, 0, "C2 C4 C5 C6")), "CJ", ""},
		{"ducks when it can, void or not",
			view(t, "C3 CA D3", "C3 CA", 3, "C10", trick(t, 0, "C2 C5 C6 H5")), "C3", ""},
		{"never takes with the queen of spades",
			view(t, "SQ D3", "SQ", 3, "S10", trick(t, 0, "S2 S5 S6 H5")), "SQ", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Voids{}.Play(tc.v)
			if got.String() != tc.want {
				t.Errorf("Voids plays %v, want %s", got, tc.want)
			}
			want := tc.simple
			if want == "" {
				want = tc.want
			}
			if got := (Tracker{}).Play(tc.v); got.String() != want {
				t.Errorf("Tracker plays %v, want %s (the case no longer tells them apart)", got, want)
			}
		})
	}
}
