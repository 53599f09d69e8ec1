package bridge

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	gold "github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/players/external"
)

func TestHaskellGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts HaskellOptions
	}{
		{"GinlogMain.hs", HaskellOptions{}},
		{"MyBot.hs", HaskellOptions{Module: "Bots.MyBot", File: "ginlog/Main.hs"}},
		{"GinlogHeartsMain.hs", HaskellOptions{Game: Hearts}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Haskell(&b, tc.opts); err != nil {
				t.Fatal(err)
			}
			gold.Check(t, filepath.Join("testdata", tc.name+".golden"), b.String())
		})
	}
}

func TestHaskellBadGame(t *testing.T) {
	err := Haskell(io.Discard, HaskellOptions{Game: "chess"})
	if err == nil || err.Error() != `game "chess": want gin or hearts` {
		t.Errorf("error %v", err)
	}
}

func TestHaskellBadModule(t *testing.T) {
	for _, name := range []string{"player", "Player.hs", "A..B", "Main; import X", "9Lives"} {
		t.Run(name, func(t *testing.T) {
			err := Haskell(io.Discard, HaskellOptions{Module: name})
			if err == nil || !strings.Contains(err.Error(), "not a Haskell module name") {
				t.Errorf("module %q: error %v", name, err)
			}
		})
	}
}

// build compiles the generated Main with the test framework modules and
// the player in testdata/haskell/player, and returns the executable.
func build(t *testing.T, player string, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	main := filepath.Join(dir, "GinlogMain.hs")
	f, err := os.Create(main)
	if err != nil {
		t.Fatal(err)
	}
	if err := Haskell(f, HaskellOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	hs, err := filepath.Abs(filepath.Join("testdata", "haskell"))
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

// TestHaskellExchange compiles the generated module with the test player,
// warnings as errors and Safe Haskell inferred, and talks to it.
func TestHaskellExchange(t *testing.T) {
	exe := build(t, "player", "-Wall", "-Werror", "-Wunsafe")
	const hand = "S4;C4;D4;S5;S6;S7;HK;D2;C9;HA"
	for _, tc := range []struct {
		name    string
		request string
		reply   string
	}{
		{"first pick", "pick CK 0 0 - - " + hand, "stock =1;0;0"},
		{"pick a low card", "pick C3 0 0 - - " + hand, "discard =1;0;0"},
		{"pick a meld", "pick S8 12 40 =1;12;40 discard " + hand, "discard =2;12;40"},
		{"first play", "play SK 0 0 =1;0;0 " + hand, "drop HK =1;0;0"},
		{"no call on a first turn", "play H2 0 0 =1;0;0 S4;C4;D4;S5;S6;S7;HK;D2;C2;HA", "drop HK =1;0;0"},
		{"knock", "play H2 0 0 =2;0;0 S4;C4;D4;S5;S6;S7;HK;D2;C2;HA", "knock HK =2;0;0"},
		{"memory kept whole", "play D3 5 0 =a%20b%25c%0A%C3%A9%E2%82%AC%F0%9F%82%A1 " + hand, "drop HK =a%20b%25c%0A%C3%A9%E2%82%AC%F0%9F%82%A1"},
		{"melds", "melds 0 0 =3;0;0 " + hand, "melds S4;C4;D4 S5;S6;S7 C9 D2 HA HK"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := exchange(t, exe, "ginlog-protocol 1\n"+tc.request+"\n")
			want := "ginlog-protocol 1\n" + tc.reply + "\n"
			if got != want {
				t.Errorf("got  %q\nwant %q", got, want)
			}
		})
	}
}

// TestHaskellMemoryRoundTrip: random memories, control characters and
// characters of every UTF-8 length included, come back from the Haskell
// side exactly as ginlog encodes them (the test player returns its memory
// unchanged from playCard).
func TestHaskellMemoryRoundTrip(t *testing.T) {
	exe := build(t, "player")
	alphabet := []rune("ab %=;-\x00\t\n\r\u007f\u00e9\u20ac\U0001F0A1\u0800\uffff")
	rng := rand.New(rand.NewPCG(5, 8))
	var in, want strings.Builder
	in.WriteString("ginlog-protocol 1\n")
	want.WriteString("ginlog-protocol 1\n")
	for range 200 {
		r := make([]rune, rng.IntN(40))
		for i := range r {
			r[i] = alphabet[rng.IntN(len(alphabet))]
		}
		mem := string(external.AppendMemory(nil, external.Memory{Text: string(r), Valid: true}))
		in.WriteString("play D3 5 0 " + mem + " S4;C4;D4;S5;S6;S7;HK;D2;C9;HA\n")
		want.WriteString("drop HK " + mem + "\n")
	}
	if got := exchange(t, exe, in.String()); got != want.String() {
		t.Errorf("memories changed on the way:\n got %q\nwant %q", got, want.String())
	}
}

// TestHaskellBadInput: the program stops with a message on stderr, never
// with a half line on stdout.
func TestHaskellBadInput(t *testing.T) {
	exe := build(t, "player")
	for _, tc := range []struct {
		name, input, stderr string
	}{
		{"hello", "ginlog-protocol 9\n", "ginlog bridge: want the line ginlog-protocol 1 first"},
		{"request", "ginlog-protocol 1\nfold now\n", "ginlog bridge: not a request of ginlog-protocol 1: fold"},
		{"card", "ginlog-protocol 1\npick X3 0 0 - - SA\n", "ginlog bridge: not a suit: X"},
		{"rank", "ginlog-protocol 1\npick S1 0 0 - - SA\n", "ginlog bridge: not a rank: 1"},
		{"memory", "ginlog-protocol 1\nplay S2 0 0 - SA\n", "ginlog bridge: a memory is required here"},
		{"escape", "ginlog-protocol 1\nplay S2 0 0 =%G1 SA\n", "ginlog bridge: not a hex digit: G"},
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
			if rest := strings.TrimPrefix(out.String(), "ginlog-protocol 1\n"); rest != "" {
				t.Errorf("stdout after the hello: %q", rest)
			}
		})
	}
}

// exchange runs exe on input and returns its output.
func exchange(t *testing.T, exe, input string) string {
	t.Helper()
	cmd := exec.Command(exe)
	cmd.Stdin = strings.NewReader(input)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	var b strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		b.WriteString(sc.Text() + "\n")
	}
	return b.String()
}
