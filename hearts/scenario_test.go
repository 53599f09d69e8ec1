package hearts

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
)

// A rules scenario is a small text file in testdata/hands: one hand, written
// as its tricks.
//
//	players: 4                 2 or 4 (default 4)
//	first: 3                   the seat that holds the two of clubs and leads trick 1 (default 0)
//	trick: C2 C9 C5 C10        the cards of a trick in play order, from its leader
//	logged: 23,0,3,0           the points the log gives (default: the rules' points)
//	want: taken=23,0,3,0 points=23,0,3,0 moon=-1
//	want-error: renege trick=3 seat=2      every deviation, in order
//
// Each trick after the first is led by the winner of the one before, and
// seats play in turn from the leader. The scenario runs twice: through
// Check, which must report every want-error, and through the engine with
// scripted players, which must stop at the first rule violation or produce
// the wanted record.
type scenario struct {
	players int
	first   int
	plays   [][]gin.Card // play order
	logged  []int
	want    string
	wantErr []string
}

func parseScenario(path string) (*scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &scenario{players: 4}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, val, _ := strings.Cut(text, ":")
		if err := s.set(key, strings.TrimSpace(val)); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
	}
	return s, sc.Err()
}

func (s *scenario) set(key, val string) error {
	var err error
	switch key {
	case "players":
		s.players, err = strconv.Atoi(val)
	case "first":
		s.first, err = strconv.Atoi(val)
	case "trick":
		var cards []gin.Card
		cards, err = gin.ParseCards(val)
		s.plays = append(s.plays, cards)
	case "logged":
		s.logged, err = ints(val)
	case "want":
		s.want = val
	case "want-error":
		s.wantErr = append(s.wantErr, val)
	default:
		return fmt.Errorf("unknown key %q", key)
	}
	return err
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// log returns the scenario as a Log and the dealt hands by seat.
func (s *scenario) log() (*Log, []gin.Hand, error) {
	n := s.players
	hands := make([]gin.Hand, n)
	var h LogHand
	leader := s.first
	for i, cards := range s.plays {
		if len(cards) != n {
			return nil, nil, fmt.Errorf("trick %d has %d cards", i+1, len(cards))
		}
		t := Trick{Leader: leader}
		for j, c := range cards {
			seat := (leader + j) % n
			t.Cards[seat] = c
			hands[seat] = hands[seat].Add(c)
		}
		h.Tricks = append(h.Tricks, t.Cards)
		leader = t.Winner(n)
	}
	if s.logged != nil {
		if len(s.logged) != n {
			return nil, nil, fmt.Errorf("logged %v: want %d numbers", s.logged, n)
		}
		for i := range n {
			h.Points[i], h.Logged[i] = s.logged[i], true
		}
	}
	return &Log{Players: n, Hands: []LogHand{h}}, hands, nil
}

// scripted plays the scenario's cards of one seat in order.
type scripted struct {
	cards []gin.Card
	next  int
}

func (p *scripted) Play(*View) gin.Card {
	c := p.cards[p.next]
	p.next++
	return c
}

func TestHandScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/hands/*.txt")
	if err != nil || len(files) < 10 {
		t.Fatalf("%d scenarios, want at least 10", len(files))
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			s, err := parseScenario(path)
			if err != nil {
				t.Fatal(err)
			}
			lg, hands, err := s.log()
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			res := Check(lg)
			var got []string
			for _, v := range res.Violations {
				if v.Code == CodeUnfinished {
					continue // a scenario is one hand, never a whole game
				}
				got = append(got, fmt.Sprintf("%s trick=%d seat=%d", v.Code, v.Trick, v.Seat))
			}
			if strings.Join(got, "\n") != strings.Join(s.wantErr, "\n") {
				t.Errorf("Check deviations:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(s.wantErr, "\n  "))
			}
			hr := res.Hands[0]
			n := s.players
			gotRec := fmt.Sprintf("taken=%s points=%s moon=%d", join(hr.Taken[:n]), join(hr.Points[:n]), hr.Moon)
			if s.want != "" && gotRec != s.want {
				t.Errorf("Check: %s\nwant   %s", gotRec, s.want)
			}
			s.runEngine(t, hands)
		})
	}
}

// runEngine deals the scenario's hands and plays its cards through the
// engine.
func (s *scenario) runEngine(t *testing.T, hands []gin.Hand) {
	t.Helper()
	n := s.players
	var deck Deck
	tricks := TricksPerHand(n)
	players := make([]Player, n)
	for seat := range n {
		copy(deck[seat*tricks:], hands[seat].Cards())
		sp := &scripted{}
		players[seat] = sp
	}
	for _, t := range s.replaySeats() {
		sp := players[t.seat].(*scripted)
		sp.cards = append(sp.cards, t.card)
	}
	rec, err := PlayHand(&deck, 1, players, [MaxPlayers]int{})
	var firstRule string
	for _, w := range s.wantErr {
		if code := strings.Fields(w)[0]; code != CodeScore {
			firstRule = w
			break
		}
	}
	if err != nil {
		var re *RuleError
		if !errors.As(err, &re) {
			t.Fatalf("engine: %v is not a *RuleError", err)
		}
		if got := fmt.Sprintf("%s trick=%d seat=%d", Code(re.Err), re.Trick, re.Seat); got != firstRule {
			t.Errorf("engine stopped with %q (%v), want %q", got, err, firstRule)
		}
		return
	}
	if firstRule != "" {
		t.Fatalf("engine played the hand through, want %q", firstRule)
	}
	got := fmt.Sprintf("taken=%s points=%s moon=%d", join(rec.Taken[:n]), join(rec.Points[:n]), rec.Moon)
	if s.want != "" && got != s.want {
		t.Errorf("engine: %s\nwant    %s", got, s.want)
	}
}

type seatCard struct {
	seat int
	card gin.Card
}

// replaySeats returns every play of the scenario with its seat, in order.
func (s *scenario) replaySeats() []seatCard {
	var out []seatCard
	leader := s.first
	for _, cards := range s.plays {
		t := Trick{Leader: leader}
		for j, c := range cards {
			seat := (leader + j) % s.players
			t.Cards[seat] = c
			out = append(out, seatCard{seat, c})
		}
		leader = t.Winner(s.players)
	}
	return out
}

func join(v []int) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}
