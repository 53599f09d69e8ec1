package bots

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

func cards(t *testing.T, s string) []gin.Card {
	t.Helper()
	c, err := gin.ParseCards(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func meldStrings(melds []gin.Meld) string {
	parts := make([]string, len(melds))
	for i, m := range melds {
		parts[i] = m.String()
	}
	return strings.Join(parts, " | ")
}

func view(t *testing.T, hand, top string, turn int) *gin.View {
	return &gin.View{Hand: cards(t, hand), Top: cards(t, top)[0], Turn: turn, StockLeft: 20, OppLastDraw: gin.NoPile}
}

func TestSimpleDraw(t *testing.T) {
	for _, tc := range []struct {
		name, hand, top string
		want            gin.Pile
	}{
		{"completes a run", "S5 S6 C2 D9 H4 HJ CQ D2 H8 SK", "S7", gin.DiscardPile},
		{"completes a set", "S5 C5 C2 D9 H4 HJ CQ D2 H8 SK", "D5", gin.DiscardPile},
		{"extends a run", "S5 S6 S7 D9 H4 HJ CQ D2 H8 SK", "S8", gin.DiscardPile},
		{"only a pair", "S5 C2 D9 H4 HJ CQ D2 H8 SK CA", "D5", gin.StockPile},
		{"unrelated", "S5 S6 C2 D9 H4 HJ CQ D2 H8 SK", "C8", gin.StockPile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New("simple", rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Draw(view(t, tc.hand, tc.top, 4)); got != tc.want {
				t.Errorf("Draw = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSimpleDiscardAndCall(t *testing.T) {
	p, err := New("simple", rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	v := view(t, "SA S2 S3 C5 C6 C7 D9 D10 DJ HQ", "S4", 4)
	d, c := p.Discard(v, cards(t, "S4")[0])
	if d.String() != "HQ" || c != gin.Gin {
		t.Errorf("Discard = %v %v, want HQ Gin", d, c)
	}
	v.Turn = 1 // its first turn: no call
	if _, c := p.Discard(v, cards(t, "S4")[0]); c != gin.Drop {
		t.Errorf("first-turn call %v, want Drop", c)
	}
}

func TestMeldableDraw(t *testing.T) {
	for _, tc := range []struct {
		name, hand, top string
		want            gin.Pile
	}{
		{"pair", "S5 C2 D9 H4 HJ CQ D2 H8 SK CA", "D5", gin.DiscardPile},
		{"two in a row", "S5 C2 D9 H4 HJ CQ D2 H8 SK CA", "S6", gin.DiscardPile},
		{"gap", "S5 C2 D9 H4 HJ CQ D2 H8 SK CA", "S7", gin.StockPile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Meldable{}).Draw(view(t, tc.hand, tc.top, 4)); got != tc.want {
				t.Errorf("Draw = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestReportMelds checks the meldable report's meld function on hands where
// it is worse than optimal.
func TestReportMelds(t *testing.T) {
	for _, tc := range []struct {
		name, hand, melds string
		deadwood, optimal int
	}{
		{"one run per suit, the prefix on a tie", "S2 S3 S4 S6 S7 S8 C9 D9 H9 HK", "C9 D9 H9 | S2 S3 S4", 31, 10},
		{"more sets than runs: sets first", "S4 S5 S6 C4 D4 C9 D9 H9 S9 HK", "S4 C4 D4 | S9 C9 D9 H9", 21, 18},
		{"more runs than sets: runs first", "H2 H3 H4 D5 D6 D7 C7 S7 CK SQ", "D5 D6 D7 | H2 H3 H4", 34, 31},
		{"a long run split 3+3", "C2 C3 C4 C5 C6 C7 HK DK SQ S9", "C2 C3 C4 | C5 C6 C7", 39, 39},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hand := cards(t, tc.hand)
			melds, dead := reportMelds(hand)
			if got := meldStrings(melds); got != tc.melds {
				t.Errorf("melds %s, want %s", got, tc.melds)
			}
			h := gin.HandOf(hand...)
			dw, err := gin.CheckDeclaration(h, melds)
			if err != nil || dw != tc.deadwood || gin.HandOf(dead...).Points() != dw {
				t.Errorf("declared deadwood %d (%v), want %d", dw, err, tc.deadwood)
			}
			if opt := gin.Deadwood(h); opt != tc.optimal {
				t.Errorf("optimal %d, want %d", opt, tc.optimal)
			}
			// The bot declares exactly this.
			if got := meldStrings((Meldable{}).Declare(&gin.View{Hand: hand})); got != tc.melds {
				t.Errorf("Meldable declares %s, want %s", got, tc.melds)
			}
		})
	}
}

func TestRunsFirst(t *testing.T) {
	hand := cards(t, "H5 H6 H7 S7 C7 D2 D3 D4 D5 SK")
	melds, rest := runsFirst(gin.HandOf(hand...))
	if got := meldStrings(melds); got != "D2 D3 D4 D5 | H5 H6 H7" || rest.String() != "S7 SK C7" {
		t.Errorf("runsFirst = %s, rest %s", got, rest)
	}
}

// TestDeclarationsValid checks on many random hands that both report meld
// functions declare valid melds, never better than the optimum.
func TestDeclarationsValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	deck := gin.NewDeck()
	for i := 0; i < 20000; i++ {
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		hand := deck[:10]
		h := gin.HandOf(hand...)
		opt := gin.Deadwood(h)
		for name, melds := range map[string][]gin.Meld{
			"report":     first(reportMelds(hand)),
			"runs-first": first(runsFirst(h)),
		} {
			dw, err := gin.CheckDeclaration(h, melds)
			if err != nil || dw < opt {
				t.Fatalf("%s melds of %s: %v (deadwood %d, optimum %d): %v", name, h, melds, dw, opt, err)
			}
		}
	}
}

func first[A, B any](a A, _ B) A { return a }

// TestBotsPlayLegally plays every pair of bots; the engine rejects any
// illegal action, including discarding the drawn card.
func TestBotsPlayLegally(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	for _, a := range Names {
		for _, b := range Names {
			rng := rand.New(rand.NewPCG(4, 5))
			for g := 0; g < games; g++ {
				pa, err := New(a, rng)
				if err != nil {
					t.Fatal(err)
				}
				pb, err := New(b, rng)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{pa, pb}); err != nil {
					t.Fatalf("%s vs %s, game %d: %v", a, b, g, err)
				}
			}
		}
	}
}

func TestDiscardNeverDrawn(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	deck := gin.NewDeck()
	for _, name := range append(slices.Clone(Names), BrokenNames...) {
		p, err := New(name, rng)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 5000; i++ {
			rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
			v := &gin.View{Hand: deck[:10], Top: deck[10], Turn: 2 + i%20, StockLeft: 31 - i%31, FaceUp: deck[11]}
			drawn := deck[10]
			if i%2 == 0 {
				drawn = deck[12]
			}
			d, c := p.Discard(v, drawn)
			if d == drawn || !v.HandSet().Has(d) || c > gin.Gin {
				t.Fatalf("%s: hand %v drawn %s: discard %s call %v", name, v.Hand, drawn, d, c)
			}
		}
	}
}

func TestNewUnknown(t *testing.T) {
	if _, err := New("alphago", nil); err == nil || !strings.Contains(err.Error(), "random, simple, meldable, memory, broken:never-knock, broken:high-discard, broken:never-take") {
		t.Errorf("New(alphago) error %v", err)
	}
}

// TestBrokenPlayers plays each broken player against simple in both seats
// and checks that its games are legal and that it shows its habit in every
// play: never a knock (with knocks passed up), always the highest card
// thrown, never the face-up card taken.
func TestBrokenPlayers(t *testing.T) {
	for _, tc := range []struct {
		name  string
		habit func(p gin.PlayRecord, firstTurn bool) (ok, shown bool) // shown: the habit made a difference
	}{
		{"broken:never-knock", func(p gin.PlayRecord, firstTurn bool) (bool, bool) {
			kept := gin.HandOf(p.Hand...)
			return p.Call != gin.Knock, !firstTurn && p.Call == gin.Drop && gin.Deadwood(kept) <= gin.KnockLimit
		}},
		{"broken:high-discard", func(p gin.PlayRecord, _ bool) (bool, bool) {
			before := gin.HandOf(p.Hand...).Remove(p.Drawn).Add(p.Discarded)
			return p.Discarded.Points() == highestCard(before).Points() && p.Discarded != p.Drawn, true
		}},
		{"broken:never-take", func(p gin.PlayRecord, _ bool) (bool, bool) {
			return p.Source != gin.DiscardPile, melds(gin.HandOf(p.Hand...).Remove(p.Drawn).Add(p.Discarded), p.Top)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(8, 9))
			shown := 0
			for g := range 20 {
				broken, err := New(tc.name, rng)
				if err != nil {
					t.Fatal(err)
				}
				simple, err := New("simple", rng)
				if err != nil {
					t.Fatal(err)
				}
				players, seat := [2]gin.Player{broken, simple}, gin.Seat(0)
				if g%2 == 1 {
					players, seat = [2]gin.Player{simple, broken}, 1
				}
				rec, err := gin.PlayGame(gin.RandomDeals(rng), players)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range rec.Rounds {
					for i, p := range r.Plays {
						if p.Seat != seat {
							continue
						}
						ok, made := tc.habit(p, i < 2)
						if !ok {
							t.Fatalf("game %d round %d play %d: %+v", g, r.Number, i, p)
						}
						if made {
							shown++
						}
					}
				}
			}
			if shown < 20 {
				t.Errorf("the habit made a difference %d times in 20 games, want at least 20", shown)
			}
		})
	}
}
