package external

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
)

func card(t testing.TB, s string) gin.Card {
	t.Helper()
	c, err := gin.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestAppendHeartsRequest(t *testing.T) {
	hand := cards(t, "SA;C2;D10;HJ")
	for _, tc := range []struct {
		name string
		req  HeartsRequest
		want string
	}{
		{"first lead", HeartsRequest{ID: "p1", Hand: hand}, "play p1 SA;C2;D10;HJ - - -"},
		{"first trick, following", HeartsRequest{ID: "p2", Hand: hand, Trick: []HeartsPlay{{card(t, "C2"), "p1"}, {card(t, "CK"), "p4"}}},
			"play p2 SA;C2;D10;HJ C2@p1;CK@p4 - -"},
		{"later lead", HeartsRequest{ID: "p2", Hand: hand, Previous: []HeartsPlay{{card(t, "D3"), "p1"}, {card(t, "D9"), "p2"}}, Memory: Memory{"2;0", true}},
			"play p2 SA;C2;D10;HJ - D3@p1;D9@p2 =2;0"},
		{"odd ids and memory", HeartsRequest{ID: "1-exec:./my bot", Hand: hand, Trick: []HeartsPlay{{card(t, "H5"), "a;b@c%"}},
			Previous: []HeartsPlay{{card(t, "S2"), "é"}}, Memory: Memory{"a b", true}},
			"play 1-exec:./my%20bot SA;C2;D10;HJ H5@a%3Bb%40c%25 S2@%C3%A9 =a%20b"},
		{"empty memory", HeartsRequest{ID: "x", Hand: hand, Previous: []HeartsPlay{{card(t, "S2"), "y"}}, Memory: Memory{"", true}},
			"play x SA;C2;D10;HJ - S2@y ="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := string(AppendHeartsRequest(nil, &tc.req))
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			back, err := ParseHeartsRequest(got)
			if err != nil || !reflect.DeepEqual(*back, tc.req) {
				t.Errorf("read back %+v, %v; want %+v", back, err, tc.req)
			}
		})
	}
}

func TestParseHeartsReply(t *testing.T) {
	for _, tc := range []struct {
		line string
		want string // the card and memory read, or the error
	}{
		{"SQ =n3", "SQ =n3"},
		{"H10 =", "H10 ="},
		{"C2 =a%20b", "C2 =a%20b"},
		{"", `malformed reply: play reply "": want 2 fields separated by single spaces, got 1`},
		{"SQ", `malformed reply: play reply "SQ": want 2 fields separated by single spaces, got 1`},
		{"SQ  =x", `malformed reply: play reply "SQ  =x": want 2 fields separated by single spaces, got 3`},
		{"SQ -", "malformed reply: memory: a reply must return a memory (=TEXT), not -"},
		{"S1 =x", `malformed reply: play reply: bad card "S1"`},
		{"Queen of spades, please", `malformed reply: play reply "Queen of spades, please": want 2 fields separated by single spaces, got 4`},
		{"SQ x", `malformed reply: memory "x": want - or =TEXT`},
	} {
		t.Run(tc.line, func(t *testing.T) {
			c, m, err := ParseHeartsReply(tc.line)
			got := c.String() + " " + string(AppendMemory(nil, m))
			if err != nil {
				got = err.Error()
				if !errors.Is(err, ErrMalformed) {
					t.Errorf("error %v is not ErrMalformed", err)
				}
			}
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// FuzzParseHeartsReply: no reply line makes the parser panic, and a card
// and memory read back are written the same.
func FuzzParseHeartsReply(f *testing.F) {
	for _, s := range []string{"SQ =n3", "H10 =", "", "SQ -", "C2 =%", "D4 =%C3%A9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, m, err := ParseHeartsReply(line)
		if err != nil {
			return
		}
		again, m2, err := ParseHeartsReply(c.String() + " " + string(AppendMemory(nil, m)))
		if err != nil || again != c || m2 != m {
			t.Errorf("%q read back as %v %+v, %v", line, again, m2, err)
		}
	})
}

// TestHeartsRequestOfView: the request of a view is what the framework
// passed: the ids, the trick so far and the previous trick in play order,
// and the memory only after the hand's first trick.
func TestHeartsRequestOfView(t *testing.T) {
	p := &HeartsPlayer{}
	p.SetPlayerIDs([]string{"a", "b", "", "d"})
	p.mem = Memory{"kept", true}
	prev := hearts.Trick{Leader: 2}
	for s, c := range []string{"D2", "D9", "DK", "D5"} {
		prev.Cards[s] = card(t, c)
	}
	held := gin.HandOf(cards(t, "SA;C3;H4")...)
	for _, tc := range []struct {
		name string
		v    hearts.View
		want string
	}{
		{"first trick", hearts.View{Seat: 1, Players: 4, Held: held, Led: true, Leader: 3, Trick: cards(t, "C2;C9")},
			"play b SA;C3;H4 C2@d;C9@a - -"},
		{"later trick", hearts.View{Seat: 1, Players: 4, Held: held, Leader: 1, Tricks: []hearts.Trick{prev}},
			"play b SA;C3;H4 - DK@pos2;D5@d;D2@a;D9@b =kept"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(AppendHeartsRequest(nil, p.Request(&tc.v))); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// firstLegal is the Hearts test bot's strategy in-process: the first card
// the rules allow, in the deck's order.
type firstLegal struct{ decisions *int }

func (f firstLegal) Play(v *hearts.View) gin.Card {
	*f.decisions++
	return v.Legal.Cards()[0]
}

// heartsIDs are the ids of the seats of the games of these tests.
var heartsIDs = []string{"1-bot", "2-simple", "3-simple", "4-simple"}

// playHearts plays game of n seats (2 or 4) with seat0 at seat 0 and
// simple at the others, calling p's hooks before and after when p is not
// nil.
func playHearts(t testing.TB, p *HeartsPlayer, seat0 hearts.Player, game, n int) (hearts.GameRecord, error) {
	t.Helper()
	if p != nil {
		p.SetPlayerIDs(heartsIDs[:n])
		if err := p.StartGame(game, 1700000000+int64(game), 0); err != nil {
			t.Fatalf("start: %v", err)
		}
	}
	players := []hearts.Player{seat0}
	for range n - 1 {
		players = append(players, bots.Simple{})
	}
	rec, err := hearts.PlayGame(hearts.RandomDeals(rand.New(rand.NewPCG(3, uint64(game)))), players, hearts.DefaultLimit)
	if p != nil {
		if e := p.EndGame(); e != nil {
			t.Fatalf("end: %v", e)
		}
	}
	return rec, err
}

// TestHeartsTwinPlaysAlike: the Hearts bot over the protocol, which knows
// only what the framework passed (hearts broken it keeps in its memory),
// and its twin in-process play the same games card for card, in games of
// four and of two.
func TestHeartsTwinPlaysAlike(t *testing.T) {
	pl := newPool(t, Options{Command: []string{heartsBotPath}, Hello: HeartsHello})
	var n int
	for g := range 6 {
		seats := []int{4, 2}[g%2]
		want, err := playHearts(t, nil, firstLegal{&n}, g, seats)
		if err != nil {
			t.Fatal(err)
		}
		p := pl.HeartsPlayer()
		got, err := playHearts(t, p, p, g, seats)
		if err != nil || p.Fault() != nil {
			t.Fatalf("game %d: %v, fault %v", g, err, p.Fault())
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("game %d differs between the twin and the bot", g)
		}
	}
	if pl.started != 1 {
		t.Errorf("%d processes for 6 games in a row, want 1", pl.started)
	}
	if s := pl.Stats(); s.Kinds[kindIndex("play")].Count == 0 || s.All.Count != s.Kinds[kindIndex("play")].Count {
		t.Errorf("stats %+v: want every decision a play", s)
	}
}

// TestHeartsViolations: each way a Hearts bot breaks the rules ends the
// game with a rule error at its seat, and the bot's own account of it
// when the protocol, not the game, was broken; the next game starts again.
func TestHeartsViolations(t *testing.T) {
	for _, tc := range []struct {
		mode string
		rule error  // the engine's error
		code string // the bot's fault, "" when the engine found it alone
		msg  string // part of the fault's message
	}{
		{"lead", hearts.ErrLead, "", ""},
		{"bleed", hearts.ErrBleeding, "", ""},
		{"break", hearts.ErrBreaking, "", ""},
		{"renege", hearts.ErrRenege, "", ""},
		{"not-held", hearts.ErrNotHeld, "", ""},
		{"garbage", hearts.ErrNotHeld, CodeMalformed, `play reply "Queen of spades, please": want 2 fields`},
		{"nothing", hearts.ErrNotHeld, CodeMalformed, `play reply "": want 2 fields`},
		{"slow", hearts.ErrNotHeld, CodeTimeout, "play: no reply within 300ms"},
		{"crash", hearts.ErrNotHeld, CodeCrash, "exit status 2; stderr: boom: no card to play"},
		{"memory", hearts.ErrNotHeld, CodeMemory, "play returned a memory of 10001 characters, over 10000"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			pl := newPool(t, Options{Command: []string{heartsBotPath, tc.mode}, Timeout: 300 * time.Millisecond, Hello: HeartsHello})
			var re *hearts.RuleError
			var err error
			var p *HeartsPlayer
			for g := 0; g < 20 && re == nil; g++ { // until the bot has its chance: the two of clubs to lead, say
				p = pl.HeartsPlayer()
				_, err = playHearts(t, p, p, g, 2+2*(g%2))
				errors.As(err, &re)
			}
			if re == nil || re.Seat != 0 || !errors.Is(err, tc.rule) {
				t.Fatalf("error %v, want %v at seat 0", err, tc.rule)
			}
			f := p.Fault()
			switch {
			case tc.code == "" && f != nil:
				t.Errorf("fault %v, want none", f)
			case tc.code != "" && (f == nil || f.(*Violation).Code() != tc.code || !strings.Contains(f.Error(), tc.msg)):
				t.Errorf("fault %v, want %s with %q", f, tc.code, tc.msg)
			}
			if _, err := playHearts(t, pl.HeartsPlayer(), pl.HeartsPlayer(), 1, 4); tc.code != "" && !errors.As(err, &re) {
				t.Errorf("second game: %v", err)
			}
		})
	}
}

// TestHeartsHelloNamesTheGame: a bot that does not answer the Hearts
// hello line, which names the game, is refused before any game.
func TestHeartsHelloNamesTheGame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  Options
		start func(*Pool) error
		want  string
	}{
		{"gin bot in hearts", Options{Command: []string{botPath, "bad-hello"}, Hello: HeartsHello},
			func(pl *Pool) error { return pl.HeartsPlayer().StartGame(0, 1, 0) }, `answered "ginlog-protocol 2" to the hello line, want "ginlog-protocol 1 hearts"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pl := newPool(t, tc.opts)
			if err := tc.start(pl); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// BenchmarkHeartsProtocolOverhead plays the same Hearts games with the
// test bot over the protocol and with its twin in-process, both at seat 0
// against simple, and reports both rates of the seat's decisions, the
// ratio and the cost of one exchange.
func BenchmarkHeartsProtocolOverhead(b *testing.B) {
	pl := newPool(b, Options{Command: []string{heartsBotPath}, Hello: HeartsHello})
	var inProc, exec time.Duration
	var nIn, nExec int
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if _, err := playHearts(b, nil, firstLegal{&nIn}, i, 4); err != nil {
			b.Fatal(err)
		}
		inProc += time.Since(start)
		start = time.Now()
		p := pl.HeartsPlayer()
		if _, err := playHearts(b, p, heartsCounted{p, &nExec}, i, 4); err != nil {
			b.Fatal(err)
		}
		exec += time.Since(start)
	}
	inRate := float64(nIn) / inProc.Seconds()
	execRate := float64(nExec) / exec.Seconds()
	b.ReportMetric(inRate, "inproc-decisions/s")
	b.ReportMetric(execRate, "exec-decisions/s")
	b.ReportMetric(inRate/execRate, "slowdown-x")
	b.ReportMetric((exec-inProc).Seconds()*1e6/float64(nExec), "us-overhead/decision")
}

// heartsCounted counts the decisions of a Hearts player.
type heartsCounted struct {
	hearts.Player
	decisions *int
}

func (c heartsCounted) Play(v *hearts.View) gin.Card { *c.decisions++; return c.Player.Play(v) }
