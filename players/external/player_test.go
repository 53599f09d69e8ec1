package external

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/internal/testenv"
)

// botPath and heartsBotPath are the test bots of testdata/bot and
// testdata/heartsbot, built once for the package.
var botPath, heartsBotPath string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "extplayer")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	botPath, heartsBotPath = filepath.Join(dir, "bot"), filepath.Join(dir, "heartsbot")
	for path, src := range map[string]string{botPath: "./testdata/bot", heartsBotPath: "./testdata/heartsbot"} {
		if out, err := exec.Command("go", "build", "-o", path, src).CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "build the test bot %s: %v\n%s", src, err, out)
			if err := os.RemoveAll(dir); err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
			os.Exit(1)
		}
	}
	code := m.Run()
	if err := os.RemoveAll(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = max(code, 1)
	}
	os.Exit(code)
}

func newPool(t testing.TB, opts Options) *Pool {
	t.Helper()
	pl, err := NewPool(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pl.Close)
	return pl
}

// play plays one game of the bot (seat 0) against simple, with the hooks
// sim calls, and returns the engine's error and the bot's fault.
func play(t *testing.T, pl *Pool, game int) (*Player, error) {
	t.Helper()
	p := pl.Player()
	return p, playSeat(t, p, p, game)
}

// playSeat plays one game of seat (seat 0), which is p or wraps it,
// against simple, calling p's hooks before and after.
func playSeat(t testing.TB, p *Player, seat gin.Player, game int) error {
	t.Helper()
	if err := p.StartGame(game, 1700000000+int64(game), 0); err != nil {
		t.Fatalf("start: %v", err)
	}
	rng := rand.New(rand.NewPCG(1, uint64(game)))
	simple, err := bots.New("simple", rng)
	if err != nil {
		t.Fatal(err)
	}
	_, err = gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{seat, simple})
	if e := p.EndGame(); e != nil {
		t.Fatalf("end: %v", e)
	}
	return err
}

func TestGoodBotPlaysWholeGames(t *testing.T) {
	for _, mode := range []string{"good", "odd-memory"} {
		t.Run(mode, func(t *testing.T) {
			pl := newPool(t, Options{Command: []string{botPath, mode}})
			for g := range 3 {
				p, err := play(t, pl, g)
				if err != nil || p.Fault() != nil {
					t.Fatalf("game %d: %v, fault %v", g, err, p.Fault())
				}
			}
			if pl.started != 1 {
				t.Errorf("%d processes for 3 games in a row, want 1", pl.started)
			}
		})
	}
}

// TestViolations: each way of breaking the rules ends the game with a
// rule error at the bot's seat, and the bot's own account of it.
func TestViolations(t *testing.T) {
	for _, tc := range []struct {
		mode string
		rule error  // the engine's error
		code string // the bot's fault, "" when the engine found it alone
		msg  string // part of the fault's message
	}{
		{"hang", gin.ErrBadPile, CodeTimeout, "no reply within 200ms"},
		{"orphan", gin.ErrBadPile, CodeTimeout, "no reply within 200ms"},
		{"slow", gin.ErrBadPile, CodeTimeout, "pick: no reply"},
		{"deaf", gin.ErrDiscardDrawn, CodeTimeout, "play: the bot read no request within 200ms"},
		{"crash", gin.ErrBadPile, CodeCrash, "boom: index out of range"},
		{"garbage", gin.ErrBadPile, CodeMalformed, `"Discard," is not stock or discard`},
		{"huge", gin.ErrBadPile, CodeMalformed, "reply longer than"},
		{"memory", gin.ErrBadPile, CodeMemory, "10001 characters, over 10000"},
		{"bad-melds", gin.ErrBadDeclaration, CodeBadMelds, "not declared"},
		{"discard-drawn", gin.ErrDiscardDrawn, "", ""},
		{"not-held", gin.ErrDiscardNotHeld, "", ""},
		{"early-call", gin.ErrEarlyCall, "", ""},
		{"bad-knock", gin.ErrInvalidKnock, "", ""},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			pl := newPool(t, Options{Command: []string{botPath, tc.mode}, Timeout: 200 * time.Millisecond})
			p, err := play(t, pl, 0)
			var re *gin.RuleError
			if !errors.As(err, &re) || re.Seat != 0 || !errors.Is(err, tc.rule) {
				t.Fatalf("error %v, want %v at seat 0", err, tc.rule)
			}
			f := p.Fault()
			switch {
			case tc.code == "" && f != nil:
				t.Errorf("fault %v, want none", f)
			case tc.code != "" && (f == nil || f.(*Violation).Code() != tc.code || !strings.Contains(f.Error(), tc.msg)):
				t.Errorf("fault %v, want %s with %q", f, tc.code, tc.msg)
			}
			// The next game gets a working process again (or the same
			// broken behaviour, but never a hang of ginlog).
			if _, err := play(t, pl, 1); tc.code != "" && !errors.As(err, &re) {
				t.Errorf("second game: %v", err)
			}
		})
	}
}

// TestKillsProcessGroup: a bot that leaves a child behind and hangs is
// killed with its child.
func TestKillsProcessGroup(t *testing.T) {
	pl := newPool(t, Options{Command: []string{botPath, "orphan"}, Timeout: 300 * time.Millisecond})
	p := pl.Player()
	if err := p.StartGame(0, 1, 0); err != nil {
		t.Fatal(err)
	}
	pgid := p.proc.cmd.Process.Pid
	rng := rand.New(rand.NewPCG(2, 2))
	simple, err := bots.New("simple", rng)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{p, simple}); err == nil {
		t.Fatal("the game went on")
	}
	if err := p.EndGame(); err != nil {
		t.Fatal(err)
	}
	// SIGKILL is delivered asynchronously: give the child a moment to go.
	for range 100 {
		if err = syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("process group %d still there 5 s after the timeout: %v", pgid, err)
}

func TestStartErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		argv []string
		want string
	}{
		{"no command", nil, "exec: no command"},
		{"not found", []string{"./no-such-bot"}, "no such file"},
		{"bad hello", []string{botPath, "bad-hello"}, `answered "ginlog-protocol 2" to the hello line`},
		{"silent", []string{"sleep", "60"}, "did not answer the hello line: no reply within 300ms"},
		{"exits", []string{"true"}, "did not answer the hello line"},
		// The child holds the bot's output open: the exit is what counts.
		{"exits leaving a child", []string{"sh", "-c", "echo gone >&2; sleep 30 & exit 3"}, "did not answer the hello line: the bot exited: exit status 3; stderr: gone"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pl, err := NewPool(Options{Command: tc.argv, Startup: 300 * time.Millisecond})
			if err == nil {
				defer pl.Close()
				err = pl.Player().StartGame(0, 1, 0)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

// TestStderrFiles: a game's stderr goes to its own file, created only when
// the bot writes something.
func TestStderrFiles(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		mode string
		want string // the file's content, "" for no file
	}{
		{"good", ""},
		{"chatty", "thinking about"},
		{"crash", "boom: index out of range\n"},
		{"flood", strings.Repeat("f", 1023) + "\n"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			pl := newPool(t, Options{Command: []string{botPath, tc.mode}, StderrDir: dir})
			if _, err := play(t, pl, 0); (err != nil) != (tc.mode == "crash") {
				t.Errorf("the game: %v; only the crashing bot fails it", err)
			}
			b, err := os.ReadFile(filepath.Join(dir, "1700000000-A.stderr"))
			switch {
			case tc.want == "" && !errors.Is(err, os.ErrNotExist):
				t.Errorf("stderr file: %q, %v; want none", b, err)
			case tc.want != "" && !strings.HasPrefix(string(b), tc.want):
				t.Errorf("stderr file: %q, %v; want %q first", b, err, tc.want)
			}
			if tc.mode == "flood" {
				end := fmt.Sprintf("\n[ginlog: this game's stderr was cut here, after %d bytes: %d more bytes were not kept]\n", MaxStderr, 3<<20-MaxStderr)
				if len(b) != MaxStderr+len(end) || !strings.HasSuffix(string(b), end) {
					t.Errorf("stderr file of %d bytes ending %q; want %d bytes then %q", len(b), b[max(0, len(b)-120):], MaxStderr, end)
				}
			}
			if err := os.Remove(filepath.Join(dir, "1700000000-A.stderr")); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
		})
	}
}

// TestStderrFileRefusesSpecialFiles: where a game's stderr file would go,
// a link (to a file outside, or leading nowhere), a named pipe and a
// folder are refused, at once and without writing through them: the game
// is played, and its end reports ErrStderr.
func TestStderrFileRefusesSpecialFiles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, path, outside string)
	}{
		{"link outside", func(t *testing.T, path, outside string) {
			if err := os.Symlink(filepath.Join(outside, "victim"), path); err != nil {
				t.Fatal(err)
			}
		}},
		{"dangling link", func(t *testing.T, path, outside string) {
			if err := os.Symlink(filepath.Join(outside, "created"), path); err != nil {
				t.Fatal(err)
			}
		}},
		{"named pipe", func(t *testing.T, path, _ string) {
			if err := mkfifo(path); err != nil {
				testenv.Missing(t, "no named pipes: mkfifo: %v", err)
			}
		}},
		{"folder", func(t *testing.T, path, _ string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			victim := filepath.Join(outside, "victim")
			if err := os.WriteFile(victim, []byte("keep"), 0o644); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "1700000000-A.stderr")
			tc.setup(t, path, outside)
			before, err := os.Lstat(path)
			if err != nil {
				t.Fatal(err)
			}
			pl := newPool(t, Options{Command: []string{botPath, "chatty"}, StderrDir: dir})
			done := make(chan error, 1)
			go func() {
				p := pl.Player()
				if err := p.StartGame(0, 1700000000, 0); err != nil {
					done <- err
					return
				}
				rng := rand.New(rand.NewPCG(1, 0))
				simple, err := bots.New("simple", rng)
				if err != nil {
					done <- err
					return
				}
				if _, err := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{p, simple}); err != nil {
					done <- fmt.Errorf("the game: %w", err)
					return
				}
				done <- p.EndGame()
			}()
			select {
			case err = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("the game still runs after 20 s")
			}
			if !errors.Is(err, ErrStderr) || !errors.Is(err, safefile.ErrNotRegular) {
				t.Errorf("end of the game: %v, want ErrStderr and safefile.ErrNotRegular", err)
			}
			if after, err := os.Lstat(path); err != nil || after.Mode() != before.Mode() {
				t.Errorf("the target changed: %v -> %v (%v)", before.Mode(), after, err)
			}
			if b, err := os.ReadFile(victim); err != nil || string(b) != "keep" {
				t.Errorf("written through a link: %q, %v", b, err)
			}
			if _, err := os.Lstat(filepath.Join(outside, "created")); !errors.Is(err, os.ErrNotExist) {
				t.Error("a file was created through the link")
			}
		})
	}
}

// TestKillEndsGamesInPlay: a cancelled run kills the processes of the
// games in play, which end at once with a crash, however long the limit.
func TestKillEndsGamesInPlay(t *testing.T) {
	pl, err := NewPool(Options{Command: []string{botPath, "hang"}, Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	var p *Player
	go func() {
		var err error
		p, err = play(t, pl, 0)
		done <- err
	}()
	time.Sleep(300 * time.Millisecond) // the bot is hanging on its third call by now, or soon
	pl.Kill()
	if err := <-done; err == nil {
		t.Fatal("the game went on")
	}
	if f := p.Fault(); f == nil || f.(*Violation).Code() != CodeCrash {
		t.Errorf("fault %v, want a crash", f)
	}
	if err := pl.Player().StartGame(1, 1, 0); err == nil {
		t.Error("a killed pool started a game")
	}
}
