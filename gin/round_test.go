package gin

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A rules scenario is a small text file in testdata/rounds:
//
//	hand0: ...            seat 0's ten cards (hand1: seat 1's)
//	first: 1              the seat that moves first (default 0)
//	faceup: D2            the face-up card
//	stock: S4 C2          the top of the stock, in draw order
//	play: stock HQ [gin|knock]     or  play: discard HQ ...
//	declare1: H2 H3 H4 | CJ CQ CK  (default: an optimal arrangement)
//	want: call=Gin caller=0 end=called declared=0,2 points=27,0
//	want-error: early-call seat=0 ply=1

type scenario struct {
	hands    [2][]Card
	first    Seat
	faceUp   Card
	stock    []Card
	plays    []scriptedPlay
	declare  [2][]Meld
	declared [2]bool
	want     string
	wantErr  string
}

type scriptedPlay struct {
	pile    Pile
	discard Card
	call    Call
}

// scripted replays the scenario's plays in order, whichever seat asks.
type scripted struct {
	s    *scenario
	seat Seat
	next *int
}

func (p scripted) Draw(v *View) Pile { return p.s.plays[*p.next].pile }

func (p scripted) Discard(v *View, drawn Card) (Card, Call) {
	pl := p.s.plays[*p.next]
	*p.next++
	return pl.discard, pl.call
}

func (p scripted) Declare(v *View) []Meld {
	if p.s.declared[p.seat] {
		return p.s.declare[p.seat]
	}
	return Arrange(v.HandSet()).Melds
}

func (s *scenario) deck() (Deck, error) {
	var d Deck
	order := append(append(append([]Card{}, s.hands[s.first]...), s.hands[1-s.first]...), s.faceUp)
	order = append(order, s.stock...)
	used := HandOf(order...)
	if used.Len() != len(order) || len(s.hands[0]) != 10 || len(s.hands[1]) != 10 {
		return d, errors.New("hands, face-up card and stock must be 10, 10, 1 and distinct")
	}
	for _, c := range (FullDeck &^ used).Cards() {
		order = append(order, c)
	}
	copy(d[:], order)
	return d, nil
}

func parseScenario(path string) (*scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &scenario{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, val, _ := strings.Cut(text, ":")
		val = strings.TrimSpace(val)
		if err := s.set(key, val); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
	}
	return s, sc.Err()
}

func (s *scenario) set(key, val string) error {
	var err error
	switch key {
	case "hand0", "hand1":
		s.hands[key[4]-'0'], err = ParseCards(val)
	case "first":
		_, err = fmt.Sscan(val, &s.first)
	case "faceup":
		s.faceUp, err = ParseCard(val)
	case "stock":
		s.stock, err = ParseCards(val)
	case "play":
		f := strings.Fields(val)
		if len(f) < 2 {
			return errors.New("play: want pile and discard")
		}
		p := scriptedPlay{pile: map[string]Pile{"stock": StockPile, "discard": DiscardPile}[f[0]]}
		if p.discard, err = ParseCard(f[1]); err != nil {
			return err
		}
		if len(f) == 3 {
			p.call, err = ParseCall(strings.ToUpper(f[2][:1]) + f[2][1:])
		}
		s.plays = append(s.plays, p)
	case "declare0", "declare1":
		seat := key[7] - '0'
		s.declared[seat] = true
		for _, part := range strings.Split(val, "|") {
			h, err := ParseHand(part)
			if err != nil {
				return err
			}
			s.declare[seat] = append(s.declare[seat], Meld(h))
		}
	case "want":
		s.want = val
	case "want-error":
		s.wantErr = val
	default:
		return fmt.Errorf("unknown key %q", key)
	}
	return err
}

// ruleCodes names the rule errors in scenario files.
var ruleCodes = map[error]string{
	ErrBadPile: "bad-pile", ErrDiscardDrawn: "discard-drawn", ErrDiscardNotHeld: "discard-not-held",
	ErrBadCall: "bad-call", ErrEarlyCall: "early-call", ErrBadDeclaration: "bad-declaration",
	ErrInvalidGin: "invalid-gin", ErrInvalidKnock: "invalid-knock",
}

func TestRoundScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/rounds/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatal("no scenarios")
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			s, err := parseScenario(path)
			if err != nil {
				t.Fatal(err)
			}
			deck, err := s.deck()
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			next := 0
			players := [2]Player{scripted{s, 0, &next}, scripted{s, 1, &next}}
			rec, err := PlayRound(deck, 1, s.first, players, [2]int{})
			var got string
			if err != nil {
				var re *RuleError
				if !errors.As(err, &re) {
					t.Fatalf("error %v is not a *RuleError", err)
				}
				got = fmt.Sprintf("%s seat=%d ply=%d", ruleCodes[re.Err], re.Seat, re.Ply)
				if got != s.wantErr {
					t.Fatalf("error %q (%v), want %q", got, err, s.wantErr)
				}
				return
			}
			if s.wantErr != "" {
				t.Fatalf("no error, want %q", s.wantErr)
			}
			got = fmt.Sprintf("call=%v caller=%d end=%s declared=%d,%d points=%d,%d",
				rec.Call, rec.Caller, strings.ReplaceAll(rec.End.String(), " ", "-"),
				rec.Declared[0], rec.Declared[1], rec.Points[0], rec.Points[1])
			if got != s.want {
				t.Errorf("got  %s\nwant %s", got, s.want)
			}
			checkRecord(t, &rec)
		})
	}
}

// checkRecord checks the structural facts of RULES.md on a round record.
func checkRecord(t *testing.T, rec *RoundRecord) {
	t.Helper()
	top := rec.Deck[2*HandSize]
	stock := 0
	for i, p := range rec.Plays {
		if p.Seat != rec.First^Seat(i%2) {
			t.Errorf("ply %d: seat %d, players must alternate", i+1, p.Seat)
		}
		if len(p.Hand) != HandSize || HandOf(p.Hand...).Len() != HandSize {
			t.Errorf("ply %d: hand %v is not 10 distinct cards", i+1, p.Hand)
		}
		if p.Hand[0] != p.Drawn || p.Top != top || p.Drawn == p.Discarded {
			t.Errorf("ply %d: drawn %s first in %v, top %s (want %s), discarded %s", i+1, p.Drawn, p.Hand, p.Top, top, p.Discarded)
		}
		if (p.Source == DiscardPile) != (p.Drawn == p.Top) {
			t.Errorf("ply %d: source %v but drawn %s, top %s", i+1, p.Source, p.Drawn, p.Top)
		}
		if p.Source == StockPile {
			stock++
		}
		top = p.Discarded
	}
	last := rec.Plays[len(rec.Plays)-1]
	if rec.Caller != last.Seat || rec.Call != last.Call {
		t.Errorf("caller %d call %v, last play by %d with %v", rec.Caller, rec.Call, last.Seat, last.Call)
	}
	switch rec.End {
	case EndStockEmpty:
		if stock != StockSize || rec.Call != Drop {
			t.Errorf("stock-empty end after %d stock draws with %v", stock, rec.Call)
		}
	case EndPlayCap:
		if len(rec.Plays) != MaxPlays || rec.Call != Drop {
			t.Errorf("play-cap end after %d plays with %v", len(rec.Plays), rec.Call)
		}
	}
	if (rec.Points[0] == 0) == (rec.Points[1] == 0) {
		t.Errorf("points %v: exactly one side scores", rec.Points)
	}
}

// stubborn never calls: it draws from the stock (or always from the discard
// pile with takeDiscard) and throws its first card that is not the drawn one.
type stubborn struct{ takeDiscard bool }

func (p stubborn) Draw(v *View) Pile {
	if p.takeDiscard {
		return DiscardPile
	}
	return StockPile
}

func (p stubborn) Discard(v *View, drawn Card) (Card, Call) { return v.Hand[0], Drop }

func (p stubborn) Declare(v *View) []Meld { return Arrange(v.HandSet()).Melds }

func TestRoundEndsWithoutCall(t *testing.T) {
	deck := Shuffled(rand.New(rand.NewPCG(1, 2)))
	for _, tc := range []struct {
		name    string
		players [2]Player
		end     End
		plays   int
	}{
		{"stock exhausted", [2]Player{stubborn{}, stubborn{}}, EndStockEmpty, StockSize},
		{"play cap", [2]Player{stubborn{true}, stubborn{true}}, EndPlayCap, MaxPlays},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := PlayRound(deck, 1, 1, tc.players, [2]int{})
			if err != nil {
				t.Fatal(err)
			}
			if rec.End != tc.end || len(rec.Plays) != tc.plays || rec.Call != Drop {
				t.Fatalf("end %v after %d plays with %v, want %v after %d with Drop", rec.End, len(rec.Plays), rec.Call, tc.end, tc.plays)
			}
			// Drop is scored as a knock by the last player, with no limit.
			c := rec.Caller
			wc, wo := RoundScore(Knock, Deadwood(HandOf(rec.Plays[len(rec.Plays)-1].Hand...)), rec.Declared[1-c])
			if rec.Caller != rec.Plays[len(rec.Plays)-1].Seat || rec.Points[c] != wc || rec.Points[1-c] != wo {
				t.Errorf("caller %d points %v, want caller = last seat scoring %d/%d", c, rec.Points, wc, wo)
			}
			checkRecord(t, &rec)
		})
	}
}

func TestRoundScore(t *testing.T) {
	for _, tc := range []struct {
		name         string
		call         Call
		caller, opp  int
		wantC, wantO int
	}{
		{"gin", Gin, 0, 16, 41, 0},
		{"gin against nothing", Gin, 0, 0, 25, 0},
		{"knock wins", Knock, 3, 20, 17, 0},
		{"knock at ten wins", Knock, 10, 11, 1, 0},
		{"undercut", Knock, 8, 2, 0, 16},
		{"tie is an undercut", Knock, 5, 5, 0, 10},
		{"drop scored as knock", Drop, 30, 45, 15, 0},
		{"drop undercut, no limit", Drop, 45, 30, 0, 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, o := RoundScore(tc.call, tc.caller, tc.opp)
			if c != tc.wantC || o != tc.wantO {
				t.Errorf("RoundScore(%v, %d, %d) = %d, %d, want %d, %d", tc.call, tc.caller, tc.opp, c, o, tc.wantC, tc.wantO)
			}
		})
	}
}

func TestGameOver(t *testing.T) {
	for _, tc := range []struct {
		a, b int
		want bool
	}{{0, 0, false}, {99, 98, false}, {100, 40, true}, {40, 130, true}, {100, 100, false}, {120, 120, false}, {121, 120, true}} {
		if got := GameOver(tc.a, tc.b); got != tc.want {
			t.Errorf("GameOver(%d, %d) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestPlayGameIsDeterministic(t *testing.T) {
	play := func() GameRecord {
		g, err := PlayGame(RandomDeals(rand.New(rand.NewPCG(3, 4))), [2]Player{stubborn{}, stubborn{}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	a, b := play(), play()
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("same seed, different games")
	}
	if !GameOver(a.Totals[0], a.Totals[1]) || GameOver(a.Totals[0]-a.Rounds[len(a.Rounds)-1].Points[0], a.Totals[1]-a.Rounds[len(a.Rounds)-1].Points[1]) {
		t.Errorf("totals %v: the game must end with the first round that makes it over", a.Totals)
	}
	for i := range a.Rounds {
		checkRecord(t, &a.Rounds[i])
	}
}
