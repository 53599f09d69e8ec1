package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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

// maskBot replaces the test bot's path in output, and the times of the
// exec: players' lines, which vary.
func maskBot(s, path string) string { return maskExecTimes(strings.ReplaceAll(s, path, "BOT")) }

// execTimes matches the times of an exec: player's line.
var execTimes = regexp.MustCompile(`p50 [^,]+, p90 [^,]+, p99 [^,]+, max [^(]+ \(`)

// maskExecTimes replaces the times of the exec: players' lines by T.
func maskExecTimes(s string) string {
	return execTimes.ReplaceAllString(s, "p50 T, p90 T, p99 T, max T (")
}

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

// execLine is the shape of an exec: player's line; its groups are the
// label, the count of decisions and the longest memory.
var execLine = regexp.MustCompile(`^(.+): ([0-9]{1,3}(?:,[0-9]{3})*) decisions?, ` +
	`p50 ([0-9]+ µs|[0-9]\.[0-9] ms|[0-9]+ ms|[0-9.]+ s), p90 [^,]+, p99 [^,]+, max [^ ]+ (?:µs|ms|s) ` +
	`\(limit 1 s\); memory up to ([0-9,]+) characters? \(limit 10,000\)$`)

// TestSimulateExecStats: after the summary, a line per exec: player says
// how close it ran to the limits. Its decisions are counted exactly (a
// pick and a play a turn, a melds a round: the JSON's counts by kind and
// its rounds), its times only have their shape checked.
func TestSimulateExecStats(t *testing.T) {
	bot := testBot(t)
	args := []string{"simulate", "--games", "30", "--players", "exec:" + bot + ",simple", "--no-logs", "--workers", "3"}
	r := runCmd(t, nil, args...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	lines := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
	m := execLine.FindStringSubmatch(lines[len(lines)-1])
	if m == nil || lines[len(lines)-2] != "" {
		t.Fatalf("no exec: line after a blank line at the end of\n%s", r.out)
	}
	if m[1] != "exec:"+bot || m[4] != "3" { // the bot's memory: n and its call count in the game, at most 99
		t.Errorf("player %q, memory %s: want exec:BOT and 3", m[1], m[4])
	}
	var rep struct {
		Rounds int `json:"rounds"`
		Exec   []struct {
			Player    string `json:"player"`
			Seat      string `json:"seat"`
			Decisions int    `json:"decisions"`
			Kinds     []struct {
				Kind      string `json:"kind"`
				Decisions int    `json:"decisions"`
			} `json:"kinds"`
			Memories  int `json:"memories"`
			MaxMemory int `json:"max_memory_chars"`
		} `json:"exec"`
	}
	j := runCmd(t, nil, append(args, "--format", "json")...)
	if err := json.Unmarshal([]byte(j.out), &rep); err != nil || len(rep.Exec) != 1 {
		t.Fatalf("json: %v, %d exec: players\n%s", err, len(rep.Exec), j.out)
	}
	e := rep.Exec[0]
	k := e.Kinds
	if len(k) != 3 || k[0].Kind != "pick" || k[1].Kind != "play" || k[2].Kind != "melds" {
		t.Fatalf("kinds %+v, want pick, play, melds", k)
	}
	if k[2].Decisions != rep.Rounds || k[0].Decisions != k[1].Decisions || e.Memories != k[0].Decisions+k[1].Decisions {
		t.Errorf("%+v: want a melds a round (%d rounds), a pick and a play a turn, a memory each", k, rep.Rounds)
	}
	if sum := k[0].Decisions + k[1].Decisions + k[2].Decisions; e.Decisions != sum || thousands(sum) != m[2] {
		t.Errorf("%d decisions in the JSON, %s in the line; the kinds sum to %d", e.Decisions, m[2], sum)
	}
	if e.Seat != "A" || e.Player != "exec:"+bot || e.MaxMemory != 3 {
		t.Errorf("seat %q, player %q, memory %d", e.Seat, e.Player, e.MaxMemory)
	}
}

// TestSimulateExecStatsLabels: a bot given twice, or again as --compare,
// has a line per seat, labelled with it.
func TestSimulateExecStatsLabels(t *testing.T) {
	bot := testBot(t)
	r := runCmd(t, nil, "simulate", "--games", "2", "--players", "exec:"+bot+",exec:"+bot+" odd-memory", "--no-logs",
		"--compare", "exec:"+bot)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	lines := strings.Split(strings.TrimSuffix(r.out, "\n"), "\n")
	var labels []string
	for _, l := range lines[len(lines)-3:] {
		m := execLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("%q is not an exec: line", l)
		}
		labels = append(labels, strings.ReplaceAll(m[1], bot, "BOT"))
	}
	want := []string{"exec:BOT (seat A)", "exec:BOT odd-memory", "exec:BOT (--compare)"}
	if !slices.Equal(labels, want) {
		t.Errorf("labels %q, want %q", labels, want)
	}
}

// TestDecisionTime: the times of an exec: player's line.
func TestDecisionTime(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0 µs"},
		{45 * time.Microsecond, "45 µs"},
		{999 * time.Microsecond, "999 µs"},
		{time.Millisecond, "1.0 ms"},
		{2449 * time.Microsecond, "2.4 ms"},
		{12 * time.Millisecond, "12 ms"},
		{420*time.Millisecond + 400*time.Microsecond, "420 ms"},
		{time.Second, "1 s"},
		{1500 * time.Millisecond, "1.5 s"},
		{12345 * time.Millisecond, "12.3 s"},
	} {
		if got := decisionTime(tc.d); got != tc.want {
			t.Errorf("decisionTime(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 24310: "24,310", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
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

// TestSimulateExecWorkers: an exec: player's match played on one worker
// and on four gives the same log files, byte for byte, and the same
// summary: the games are played several at once, each with its own
// process, and reported in the order of the seed.
func TestSimulateExecWorkers(t *testing.T) {
	bot := testBot(t)
	run := func(workers string) (string, map[string]string) {
		out := filepath.Join(t.TempDir(), "logs")
		r := runCmd(t, nil, "simulate", "--games", "24", "--seed", "9", "--players", "exec:"+bot+",simple",
			"--out", out, "--workers", workers)
		if r.code != exitOK {
			t.Fatalf("--workers %s: exit %d: %s", workers, r.code, r.err)
		}
		return maskBot(timing.ReplaceAllString(r.out, "in X s, Y games/s")+r.err, bot), readDir(t, out)
	}
	out1, files1 := run("1")
	out4, files4 := run("4")
	if out1 != out4 {
		t.Errorf("the summary of --workers 1:\n%s\ndiffers from that of --workers 4:\n%s", out1, out4)
	}
	if len(files1) != 48 || !maps.Equal(files1, files4) {
		t.Errorf("--workers 1 wrote %d files, --workers 4 %d: want the same 48", len(files1), len(files4))
	}
}

// readDir returns the files of dir by name.
func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		files[e.Name()] = string(readFile(t, filepath.Join(dir, e.Name())))
	}
	return files
}

// TestExecProgress: simulate and retrace draw their progress bar, with
// the games done, the rate and the time left, on a terminal's stderr
// only; piped, stderr stays quiet.
func TestExecProgress(t *testing.T) {
	bot := testBot(t)
	logs := simulated(t, "memory,simple", 6)
	for _, args := range [][]string{
		{"simulate", "--games", "6", "--players", "exec:" + bot + ",simple", "--no-logs", "--workers", "2"},
		{"retrace", "--player", "exec:" + bot, "--workers", "2", logs},
	} {
		t.Run(args[0], func(t *testing.T) {
			var out, errb bytes.Buffer
			a := &app{in: strings.NewReader(""), out: &out, err: &errb, getenv: func(string) string { return "" },
				terminal: func(w io.Writer) bool { return w == &errb }}
			a.execute(context.Background(), args)
			bar := regexp.MustCompile(`\rgames \[[= ]*\] 1/6 \d+/s, \d+:\d\d left `)
			if !bar.MatchString(errb.String()) || !strings.Contains(errb.String(), "6/6") {
				t.Errorf("stderr a terminal: %q, want the bar from 1/6 with the time left to 6/6", errb.String())
			}
			r := runCmd(t, nil, args...)
			if strings.Contains(r.err, "games [") {
				t.Errorf("stderr piped: %q, want no bar", r.err)
			}
		})
	}
}
