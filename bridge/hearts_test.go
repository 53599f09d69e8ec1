package bridge

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/hearts"
	"github.com/ginlog/ginlog/hearts/bots"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/players/external"
)

// The Hearts test framework (testdata/haskell/hearts/framework) holds the
// 2019 framework's types a player sees, written from the facts of its
// public copy; its players are ginlog's own: player plays a legal,
// cautious game, echo shows what the bridge passed it.

// buildHearts compiles the generated Hearts Main with the test framework
// and the Hearts test player in testdata/haskell/hearts/<player>, and
// returns the executable.
func buildHearts(t testing.TB, player string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	var b bytes.Buffer
	if err := Haskell(&b, HaskellOptions{Game: Hearts}); err != nil {
		t.Fatal(err)
	}
	main := filepath.Join(dir, "GinlogHeartsMain.hs")
	if err := os.WriteFile(main, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	hs, err := filepath.Abs(filepath.Join(haskellDir, "hearts"))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "player")
	args := append([]string{"-i" + filepath.Join(hs, "framework"), "-i" + filepath.Join(hs, player),
		"-outputdir", filepath.Join(dir, "build"), "-o", exe}, flags...)
	if out, err := testenv.GHC(t, "", append(args, main)...); err != nil {
		t.Fatalf("ghc: %v\n%s", err, out)
	}
	return exe
}

// TestHeartsHaskellExchange compiles the generated Hearts module with the
// echo player, warnings as errors and Safe Haskell inferred, and talks to
// it: the player gets its id, its cards, and the tricks with the latest
// card first, as the framework passed them, and the memory it returned;
// Nothing on a hand's first trick.
func TestHeartsHaskellExchange(t *testing.T) {
	exe := buildHearts(t, "echo", "-Wall", "-Werror", "-Wunsafe")
	const hand = "HJ;C2;D10;SA"
	for _, tc := range []struct {
		name    string
		request string
		reply   string
	}{
		{"first lead", "play p2 " + hand + " - - -", `SA =p2|[]|-`},
		{"first trick, following", "play p2 " + hand + " C2@p1;CK@p4 - -", `SA =p2|[(CK,"p4"),(C2,"p1")]|-`},
		{"later trick", "play p2 " + hand + " H5@p3 D3@p1;D9@p2 =2;0",
			`SA =p2|[(H5,"p3")]|[(D9,"p2"),(D3,"p1")]|2;0`},
		{"odd ids", "play a%20b " + hand + " H5@%C3%A9%40%3B - -", `SA =a%20b|[(H5,"\233@;")]|-`},
		{"memory kept whole", "play p2 " + hand + " - S2@p1 =keep:a%20b%25c%0A%C3%A9%E2%82%AC%F0%9F%82%A1",
			"SA =keep:a%20b%25c%0A%C3%A9%E2%82%AC%F0%9F%82%A1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := exchange(t, exe, external.HeartsHello+"\n"+tc.request+"\n")
			want := external.HeartsHello + "\n" + tc.reply + "\n"
			if got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
		})
	}
}

// TestHeartsHaskellMemoryRoundTrip: random memories, control characters
// and characters of every UTF-8 length included, come back from the
// Haskell side exactly as ginlog encodes them.
func TestHeartsHaskellMemoryRoundTrip(t *testing.T) {
	exe := buildHearts(t, "echo")
	alphabet := []rune("ab %=;@-\x00\t\n\r\u007f\u00e9\u20ac\U0001F0A1\u0800\uffff")
	rng := rand.New(rand.NewPCG(5, 9))
	var in, want strings.Builder
	in.WriteString(external.HeartsHello + "\n")
	want.WriteString(external.HeartsHello + "\n")
	for range 200 {
		r := make([]rune, rng.IntN(40))
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		mem := string(external.AppendMemory(nil, external.Memory{Text: "keep:" + string(r), Valid: true}))
		in.WriteString("play p1 D3;SK - C2@p2 " + mem + "\n")
		want.WriteString("SK " + mem + "\n")
	}
	if got := exchange(t, exe, in.String()); got != want.String() {
		t.Errorf("memories changed on the way:\n got %q\nwant %q", got, want.String())
	}
}

// TestHeartsHaskellBadInput: the program stops with a message on stderr,
// never with a half line on stdout.
func TestHeartsHaskellBadInput(t *testing.T) {
	exe := buildHearts(t, "echo")
	hello := external.HeartsHello + "\n"
	for _, tc := range []struct {
		name, input, stderr string
	}{
		{"gin hello", "ginlog-protocol 1\n", "ginlog bridge: want the line ginlog-protocol 1 hearts first"},
		{"gin request", hello + "pick C10 0 0 - - SA\n", "ginlog bridge: not a request of ginlog-protocol 1 hearts: pick"},
		{"card", hello + "play p1 X3 - - -\n", "ginlog bridge: not a suit: X"},
		{"rank", hello + "play p1 S1 - - -\n", "ginlog bridge: not a rank: 1"},
		{"play", hello + "play p1 S2 C2p1 - -\n", "ginlog bridge: not a play: C2p1"},
		{"memory alone", hello + "play p1 S2 - - =x\n", "ginlog bridge: a memory without a previous trick"},
		{"no memory", hello + "play p1 S2 - C2@p2 -\n", "ginlog bridge: a memory is required here"},
		{"escape", hello + "play p%G1 S2 - - -\n", "ginlog bridge: not a hex digit: G"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(exe)
			cmd.Stdin = strings.NewReader(tc.input)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 {
				t.Errorf("exit: %v, want status 2", err)
			}
			if s := strings.TrimSpace(errb.String()); s != tc.stderr {
				t.Errorf("stderr %q, want %q", s, tc.stderr)
			}
			if rest := strings.TrimPrefix(out.String(), hello); rest != "" {
				t.Errorf("stdout after the hello: %q", rest)
			}
		})
	}
}

// TestHeartsHaskellPlaysThroughExec plays the Haskell test player,
// compiled under the framework's test flags (-Wall -Werror, Safe), through
// the bridge against the built-in players, in games of four (two seats
// of it) and of two: every game ends without a violation, and its
// decision times stay far under the framework's one second.
func TestHeartsHaskellPlaysThroughExec(t *testing.T) {
	testenv.Long(t, "GHC compiles the Hearts test player and plays it through the bridge")
	exe := buildHearts(t, "player", "-Wall", "-Werror", "-XSafe", "-O")
	pool, err := external.NewPool(external.Options{Command: []string{exe}, Hello: external.HeartsHello})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	games := 8
	if testing.Short() {
		games = 2
	}
	for g := range games {
		rng := rand.New(rand.NewPCG(29, uint64(g)))
		seats := []string{"haskell", "simple", "haskell", "tracker"}
		if g%2 == 1 {
			seats = []string{"tracker", "haskell"}
		}
		players, ext := make([]hearts.Player, len(seats)), []*external.HeartsPlayer{}
		ids := make([]string, len(seats))
		for s, name := range seats {
			ids[s] = string(rune('1'+s)) + "-" + name
		}
		for s, name := range seats {
			if name != "haskell" {
				if players[s], err = bots.New(name, rng); err != nil {
					t.Fatal(err)
				}
				continue
			}
			p := pool.HeartsPlayer()
			p.SetPlayerIDs(ids)
			if err := p.StartGame(g, int64(1700000000+g), s); err != nil {
				t.Fatal(err)
			}
			players[s], ext = p, append(ext, p)
		}
		rec, err := hearts.PlayGame(hearts.RandomDeals(rng), players, hearts.DefaultLimit)
		for _, p := range ext {
			if p.Fault() != nil {
				t.Errorf("game %d: fault %v", g, p.Fault())
			}
			if err := p.EndGame(); err != nil {
				t.Fatal(err)
			}
		}
		if err != nil {
			t.Fatalf("game %d (%v): %v", g, seats, err)
		}
		t.Logf("game %d (%v): %d hands, totals %v", g, seats, len(rec.Hands), rec.Totals[:len(seats)])
	}
	s := pool.Stats()
	t.Logf("%d decisions: p50 %v, p90 %v, p99 %v, max %v", s.All.Count, s.All.P50, s.All.P90, s.All.P99, s.All.Max)
	if s.All.Count < 100*games || s.All.P99 >= time.Second {
		t.Errorf("%d decisions, p99 %v: want at least %d, under the framework's second", s.All.Count, s.All.P99, 100*games)
	}
}
