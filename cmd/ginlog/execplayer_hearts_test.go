package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/internal/testschema"
)

var (
	heartsBotOnce sync.Once
	heartsBotErr  error
)

// testHeartsBot returns the path of the Hearts test bot of
// players/external, built once.
func testHeartsBot(t *testing.T) string {
	t.Helper()
	path := filepath.Join(toolDir, "heartsbot")
	heartsBotOnce.Do(func() {
		out, err := exec.Command("go", "build", "-o", path, "../../players/external/testdata/heartsbot").CombinedOutput()
		if err != nil {
			heartsBotErr = fmt.Errorf("build the Hearts test bot: %v\n%s", err, out)
		}
	})
	if heartsBotErr != nil {
		t.Fatal(heartsBotErr)
	}
	return path
}

// TestSimulateHeartsExec plays the Hearts test bot through the protocol
// beside built-in players: a clean match, and a match per way of breaking
// the rules (an illegal card, a card not held, garbage, nothing, too
// slow), each game a forfeit with one line naming the bot and the rule,
// and exit status 3.
func TestSimulateHeartsExec(t *testing.T) {
	bot := testHeartsBot(t)
	for _, tc := range []struct {
		mode string
		code int
	}{
		{"good", exitOK},
		{"renege", exitRejected},
		{"break", exitRejected},
		{"not-held", exitRejected},
		{"garbage", exitRejected},
		{"nothing", exitRejected},
		{"slow", exitRejected},
		{"crash", exitRejected},
		{"memory", exitRejected},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			r := runCmd(t, nil, "simulate", "--game", "hearts", "--games", "3", "--players", "simple,exec:"+bot+" "+tc.mode+",tracker,simple",
				"--no-logs", "--timeout", "300ms", "--workers", "2")
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			// The log id of the bot's seat has the path's slashes as _.
			out := strings.ReplaceAll(r.out, strings.ReplaceAll(bot, "/", "_"), "BOT")
			golden(t, "simulate-hearts-exec-"+tc.mode+".txt", maskBot(timing.ReplaceAllString(out, "in X s, Y games/s")+r.err, bot))
		})
	}
}

// TestSimulateHeartsExecLogs: in a match of two bots over the protocol,
// one of them breaking a rule in some games (it leads another card than
// the two of clubs), and two built-in players, the games the offender
// forfeited have no logs and the others' logs are whole: they import and
// verify clean, and the database holds those games alone. Its exec: lines count every decision as a play.
func TestSimulateHeartsExecLogs(t *testing.T) {
	bot := testHeartsBot(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "logs")
	args := []string{"simulate", "--game", "hearts", "--games", "12", "--limit", "30", "--players",
		"exec:" + bot + ",simple,exec:" + bot + " lead,tracker", "--out", out, "--workers", "2", "--format", "json"}
	r := runCmd(t, nil, args...)
	if r.code != exitRejected || !strings.Contains(r.err, " trick 1: C (exec:"+bot+" lead) forfeits: lead: ") {
		t.Fatalf("exit %d, want %d and the forfeits: %s", r.code, exitRejected, r.err)
	}
	var rep struct {
		Games, Hands int
		Players      []struct{ Forfeits, Wins int }
		Exec         []struct {
			Seat      string
			Decisions int
			Kinds     []struct{ Kind string }
		}
	}
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
		t.Fatal(err)
	}
	forfeits := rep.Players[2].Forfeits
	if forfeits == 0 || forfeits == 12 || rep.Players[0].Forfeits != 0 || len(rep.Exec) != 2 || rep.Exec[0].Seat != "A" ||
		rep.Exec[1].Seat != "C" || len(rep.Exec[0].Kinds) != 1 || rep.Exec[0].Kinds[0].Kind != "play" {
		t.Fatalf("report %+v: want some forfeits of seat C, and the exec: players of seats A and C", rep)
	}
	for _, seat := range []string{"1-exec*", "2-simple", "3-exec*", "4-tracker"} {
		logs, err := filepath.Glob(filepath.Join(out, seat, "*.csv"))
		if err != nil || len(logs) != 12-forfeits {
			t.Errorf("%d logs of %s, want one a finished game (%d)", len(logs), seat, 12-forfeits)
		}
	}
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	r = runCmd(t, env, "ingest", out) // which verifies the Hearts games it loads
	if want := fmt.Sprintf("verified %d Hearts games", 12-forfeits); r.code != exitOK || !strings.Contains(r.out, want) || !strings.Contains(r.out, "deviations: none") {
		t.Errorf("ingest: exit %d, want %q and no deviation:\n%s%s", r.code, want, r.out, r.err)
	}
}

// TestSimulateHeartsExecStderr: what a Hearts bot writes on stderr is
// kept per game and seat, <stamp>-<seat>.stderr, the seats A to D.
func TestSimulateHeartsExecStderr(t *testing.T) {
	bot := testHeartsBot(t)
	dir := t.TempDir()
	r := runCmd(t, nil, "simulate", "--game", "hearts", "--games", "2", "--players", "simple,tracker,exec:"+bot+" crash,simple",
		"--no-logs", "--stderr-dir", dir)
	if r.code != exitRejected {
		t.Fatalf("exit %d, want %d: %s", r.code, exitRejected, r.err)
	}
	for _, name := range []string{"1700000000-C.stderr", "1700000001-C.stderr"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(b) != "boom: no card to play\n" {
			t.Errorf("%s: %q, %v", name, b, err)
		}
	}
}
