package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginlog/ginlog/internal/testenv"
)

// toolDir holds the programs the tests build: the protocol's test bot and
// the Haskell players.
var toolDir string

var (
	botOnce sync.Once
	botErr  error
)

// testBot returns the path of the external player's test bot, built once.
func testBot(t *testing.T) string {
	t.Helper()
	path := filepath.Join(toolDir, "bot")
	botOnce.Do(func() {
		out, err := exec.Command("go", "build", "-o", path, "../../players/external/testdata/bot").CombinedOutput()
		if err != nil {
			botErr = fmt.Errorf("build the test bot: %v\n%s", err, out)
		}
	})
	if botErr != nil {
		t.Fatal(botErr)
	}
	return path
}

// maskBot replaces the test bot's path in output.
func maskBot(s, path string) string { return strings.ReplaceAll(s, path, "BOT") }

// TestSimulateExec plays the test bot through the protocol: a clean match,
// and a match per way of breaking the rules, each a forfeit with its code.
func TestSimulateExec(t *testing.T) {
	bot := testBot(t)
	for _, tc := range []struct {
		mode string
		code int
	}{
		{"good", exitOK},
		{"odd-memory", exitOK},
		{"hang", exitRejected},
		{"deaf", exitRejected},
		{"crash", exitRejected},
		{"garbage", exitRejected},
		{"huge", exitRejected},
		{"memory", exitRejected},
		{"bad-melds", exitRejected},
		{"discard-drawn", exitRejected},
		{"not-held", exitRejected},
		{"early-call", exitRejected},
		{"bad-knock", exitRejected},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			r := runCmd(t, nil, "simulate", "--games", "4", "--players", "exec:"+bot+" "+tc.mode+",simple",
				"--no-logs", "--timeout", "200ms", "--workers", "2")
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, "simulate-exec-"+tc.mode+".txt", maskBot(timing.ReplaceAllString(r.out, "in X s, Y games/s")+r.err, bot))
		})
	}
}

// TestSimulateExecLogs: the logs of an external player ingest and verify
// like any other, and a bot that writes nothing on stderr leaves no file.
func TestSimulateExecLogs(t *testing.T) {
	bot := testBot(t)
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	if r := runCmd(t, nil, "simulate", "--games", "20", "--players", "simple,exec:"+bot, "--out", logs); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	files, err := filepath.Glob(filepath.Join(logs, "*"))
	if err != nil || len(files) != 40 {
		t.Errorf("%d files, want the 40 logs only", len(files))
	}
	r := runCmd(t, nil, "--db", filepath.Join(dir, "g.db"), "ingest", logs)
	if r.code != exitOK || !strings.Contains(r.out, "games: 20 new") || !strings.Contains(r.out, "violations: none") {
		t.Errorf("ingest: exit %d\n%s%s", r.code, r.out, r.err)
	}
}

func TestSimulateExecStderr(t *testing.T) {
	bot := testBot(t)
	dir := t.TempDir()
	r := runCmd(t, nil, "simulate", "--games", "2", "--players", "exec:"+bot+" crash,simple", "--no-logs", "--stderr-dir", dir)
	if r.code != exitRejected {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	for _, name := range []string{"1700000000-A.stderr", "1700000001-A.stderr"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(b) != "boom: index out of range\n" {
			t.Errorf("%s: %q, %v", name, b, err)
		}
	}
}

func TestExecUsage(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"missing", []string{"simulate", "--players", "exec:./no-such-bot,simple", "--no-logs"}},
		{"empty", []string{"simulate", "--players", "exec:,simple", "--no-logs"}},
		{"timeout", []string{"simulate", "--players", "exec:true,simple", "--no-logs", "--timeout", "0s"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != exitUsage {
				t.Fatalf("exit %d, want %d: %s", r.code, exitUsage, r.err)
			}
			golden(t, "exec-usage-"+tc.name+".txt", r.err)
		})
	}
}

// needTool returns the path of a tool, skipping the test when it is
// missing, or failing it under CI.
func needTool(t *testing.T, name string) string {
	t.Helper()
	return testenv.Tool(t, name, "Debian package "+name)
}

// TestSimulateExecCancel: an interrupted match kills the bots in play at
// once, whatever the time limit, and exits as interrupted.
func TestSimulateExecCancel(t *testing.T) {
	bot := testBot(t)
	var out, errb bytes.Buffer
	a := &app{in: strings.NewReader(""), out: &out, err: &errb,
		getenv: func(string) string { return "" }, terminal: func(io.Writer) bool { return false }}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(500*time.Millisecond, cancel)
	code := a.execute(ctx, []string{"simulate", "--games", "50", "--players", "exec:" + bot + " hang,simple", "--no-logs", "--timeout", "1h"})
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d: %s", code, exitInterrupted, errb.String())
	}
}
