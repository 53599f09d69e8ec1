package players

import (
	"math/rand/v2"
	"testing"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
)

func TestParseHearts(t *testing.T) {
	for _, tc := range []struct {
		list string
		want int // the entrants, or 0 for an error
	}{
		{"random,simple", 2},
		{" simple , random,random,simple", 4},
		{"random,random,random", 0},
		{"random", 0},
		{"simple,nobody", 0},
		{"", 0},
	} {
		t.Run(tc.list, func(t *testing.T) {
			got, err := ParseHearts(tc.list)
			switch {
			case tc.want == 0 && err == nil:
				t.Errorf("players %q accepted", tc.list)
			case tc.want != 0 && (err != nil || len(got) != tc.want):
				t.Errorf("%d entrants, %v; want %d", len(got), err, tc.want)
			}
		})
	}
}

// TestHeartsNames: every Hearts name resolves to a player of that name.
func TestHeartsNames(t *testing.T) {
	for _, name := range HeartsNames() {
		e, err := NewHeartsEntrant(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if e.Name != name {
			t.Errorf("entrant %q, want %q", e.Name, name)
		}
		var p hearts.Player = e.New(rand.New(rand.NewPCG(1, 2)))
		if p == nil {
			t.Errorf("%s: no player", name)
		}
	}
	if len(HeartsNames()) != len(bots.Names) {
		t.Errorf("%d names, want the %d bots of hearts/bots", len(HeartsNames()), len(bots.Names))
	}
}
