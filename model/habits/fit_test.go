package habits

import (
	"math/rand/v2"
	"testing"
	"testing/fstest"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/hearts/logs"
)

// suitHand is a hand whose counts are known by hand: seat 0 holds the
// clubs and leads them up, winning every trick; seat 1 the diamonds, seat
// 2 the spades (the two first, then the queen, then the rest up), seat 3
// the hearts, each thrown up in turn.
func suitHand() Hand {
	h := Hand{Players: 4, Tricks: make([][hearts.MaxPlayers]gin.Card, 13)}
	spades := []gin.Rank{gin.Two, gin.Queen, gin.Three, gin.Four, gin.Five, gin.Six, gin.Seven, gin.Eight, gin.Nine, gin.Ten, gin.Jack, gin.King, gin.Ace}
	for t := range 13 {
		r := gin.Rank((t + 1) % gin.NumRanks) // 2, 3, ..., K, then the ace
		h.Tricks[t] = [hearts.MaxPlayers]gin.Card{gin.NewCard(gin.Clubs, r), gin.NewCard(gin.Diamonds, r),
			gin.NewCard(gin.Spades, spades[t]), gin.NewCard(gin.Hearts, r)}
	}
	return h
}

// TestFitByHand counts suitHand for every seat and for seat 2 alone.
// Seat 0 leads clubs twelve times after the first trick (mask clubs).
// Seat 1 dumps a diamond thirteen times (mask other). Seat 2 dumps the two
// in the first trick, where the queen is not legal (mask high-spade and
// other: the king and ace while the queen is out), then the queen (mask
// queen, high-spade, other), then eleven spades after the queen fell
// (mask other). Seat 3 dumps a heart thirteen times, legal even in the
// first trick since it holds only point cards (mask heart).
func TestFitByHand(t *testing.T) {
	var dumpAll, dumpSeat2 [NumMasks][NumKinds]int
	dumpAll[0b1010][KindOther], dumpAll[0b1011][KindQueen] = 1, 1
	dumpAll[0b1000][KindOther], dumpAll[0b0100][KindHeart] = 13+11, 13
	dumpSeat2[0b1010][KindOther], dumpSeat2[0b1011][KindQueen], dumpSeat2[0b1000][KindOther] = 1, 1, 11
	var leadAll [NumMasks][NumKinds]int
	leadAll[0b0010][1] = 12
	for _, tc := range []struct {
		name       string
		counted    [hearts.MaxPlayers]bool
		plays      int
		dump, lead [NumMasks][NumKinds]int
	}{
		{"every seat", [4]bool{true, true, true, true}, 52, dumpAll, leadAll},
		{"seat 2", [4]bool{2: true}, 13, dumpSeat2, [NumMasks][NumKinds]int{}},
		{"no seat", [4]bool{}, 0, [NumMasks][NumKinds]int{}, [NumMasks][NumKinds]int{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := suitHand()
			h.Counted = tc.counted
			w, err := Fit([]Hand{h})
			if err != nil {
				t.Fatal(err)
			}
			if w.Provenance.Plays != tc.plays || w.Provenance.Hands != 1 {
				t.Errorf("%d plays in %d hands, want %d in 1", w.Provenance.Plays, w.Provenance.Hands, tc.plays)
			}
			for _, tab := range []struct {
				name string
				got  *Table
				want [NumMasks][NumKinds]int
			}{{"dump", &w.Dump, tc.dump}, {"lead", &w.Lead, tc.lead}} {
				if tab.got.Cases != tab.want {
					t.Errorf("%s cases %v, want %v", tab.name, tab.got.Cases, tab.want)
				}
			}
			if err := w.Validate(); err != nil {
				t.Errorf("fitted weights do not validate: %v", err)
			}
		})
	}
}

// TestFitRefusesIllegal: a hand that breaks a rule (seat 1 plays a
// diamond in the first trick holding a club) is an error and counts
// nothing.
func TestFitRefusesIllegal(t *testing.T) {
	h := suitHand()
	h.Counted = [4]bool{true, true, true, true}
	// Seats 0 and 1 swap their cards of trick 2: seat 1 holds the three of
	// clubs when it throws the two of diamonds on the two of clubs.
	h.Tricks[1][0], h.Tricks[1][1] = h.Tricks[1][1], h.Tricks[1][0]
	w := New()
	if err := w.Add(&h); err == nil {
		t.Fatal("an illegal hand counted")
	}
	if w.Provenance.Plays != 0 || w.Dump.Opportunities != New().Dump.Opportunities {
		t.Errorf("an illegal hand changed the counts: %+v", w.Provenance)
	}
}

// TestFromLog: a game written as ginlog simulate writes it, read back and
// verified, gives the same counts as its own record, for every seat and
// for one player.
func TestFromLog(t *testing.T) {
	ps := make([]hearts.Player, 4)
	for s := range ps {
		ps[s] = bots.Voids{}
	}
	rec, err := hearts.PlayGame(hearts.RandomDeals(rand.New(rand.NewPCG(7, 0))), ps, hearts.DefaultLimit)
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"1-voids", "2-voids", "3-voids", "4-voids"}
	files, err := logs.GameFiles(&rec, ids, 1600000000)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	for name, b := range files {
		fsys["g/"+name] = &fstest.MapFile{Data: b}
	}
	games, err := logs.ReadFS(fsys, ".")
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games read: %v", len(games), err)
	}
	for _, only := range []int{-1, 2} {
		want := New()
		for _, hr := range rec.Hands {
			h := Hand{Players: 4}
			for _, tr := range hr.Tricks {
				h.Tricks = append(h.Tricks, tr.Cards)
			}
			for s := range 4 {
				h.Counted[s] = only < 0 || s == only
			}
			if err := want.Add(&h); err != nil {
				t.Fatal(err)
			}
		}
		hands, skipped := FromLog(games[0], logs.Verify(games[0]), true, func(pos int) bool { return only < 0 || pos == only })
		got, err := Fit(hands)
		switch {
		case err != nil:
			t.Fatal(err)
		case skipped != 0 || len(hands) != len(rec.Hands):
			t.Fatalf("%d hands, %d skipped; want %d", len(hands), skipped, len(rec.Hands))
		case got.Dump != want.Dump || got.Lead != want.Lead || got.Provenance.Plays != want.Provenance.Plays:
			t.Errorf("seat %d: the log's counts differ from the record's:\n%+v\n%+v", only, got, want)
		}
	}
}
