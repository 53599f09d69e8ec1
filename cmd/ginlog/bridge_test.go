package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// haskellPlayers compiles, once, the generated Main with each test player
// of bridge/testdata/haskell (player: a legal one; broken: one that breaks
// a rule chosen by its argument).
var haskellPlayers = struct {
	once sync.Once
	err  error
	exe  map[string]string
}{exe: map[string]string{}}

func haskellPlayer(t *testing.T, name string) string {
	t.Helper()
	testenv.Long(t, "GHC builds the Haskell test players; -short leaves the bridge to package bridge's tests")
	needTool(t, "ghc")
	haskellPlayers.once.Do(func() {
		dir := filepath.Join(toolDir, "haskell")
		main := filepath.Join(dir, "GinlogMain.hs")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			haskellPlayers.err = err
			return
		}
		if r := runCmd(t, nil, "bridge", "haskell", "--out", main); r.code != exitOK {
			haskellPlayers.err = &rejectedError{"bridge haskell: " + r.err}
			return
		}
		hs, err := filepath.Abs("../../bridge/testdata/haskell")
		if err != nil {
			haskellPlayers.err = err
			return
		}
		for _, p := range []string{"player", "broken"} {
			exe := filepath.Join(dir, p)
			out, err := testenv.GHC(t, "", "-i"+filepath.Join(hs, "framework"), "-i"+filepath.Join(hs, p),
				"-outputdir", filepath.Join(dir, "build-"+p), "-o", exe, main)
			if err != nil {
				haskellPlayers.err = &rejectedError{"ghc " + p + ": " + err.Error() + "\n" + string(out)}
				return
			}
			haskellPlayers.exe[p] = exe
		}
	})
	if haskellPlayers.err != nil {
		t.Fatal(haskellPlayers.err)
	}
	return haskellPlayers.exe[name]
}

// TestHaskellPlayerAcceptance plays 200 games of the Haskell test player
// against simple through the bridge, then ingests and verifies them: no
// game rejected, no violation; and retraces them through the same player:
// every decision agrees.
func TestHaskellPlayerAcceptance(t *testing.T) {
	exe := haskellPlayer(t, "player")
	const games = "200"
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	// The test is of the bridge, not of speed: a generous time limit keeps
	// a loaded machine's pauses from reading as forfeits.
	r := runCmd(t, nil, "simulate", "--games", games, "--players", "exec:"+exe+",simple", "--out", logs, "--format", "json", "--timeout", "10s")
	if r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	db := filepath.Join(dir, "g.db")
	r = runCmd(t, nil, "--db", db, "ingest", logs)
	if r.code != exitOK || !strings.Contains(r.out, "games: "+games+" new, 0 duplicate, 0 mirror, 0 rejected") ||
		!strings.Contains(r.out, "violations: none") {
		t.Fatalf("ingest: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runCmd(t, nil, "--db", db, "retrace", "--player", "exec:"+exe, "--timeout", "10s")
	if r.code != exitOK || !strings.Contains(r.out, "(100.00%); "+games+" games agree throughout") {
		t.Fatalf("retrace: exit %d\n%s%s", r.code, r.out, r.err)
	}
}

// TestHaskellBrokenPlayer: each way the broken player breaks the rules is
// the forfeit it should be.
func TestHaskellBrokenPlayer(t *testing.T) {
	exe := haskellPlayer(t, "broken")
	for _, mode := range []string{"discard", "slow", "memory", "melds"} {
		t.Run(mode, func(t *testing.T) {
			r := runCmd(t, nil, "simulate", "--games", "2", "--players", "exec:"+exe+" "+mode+",simple",
				"--no-logs", "--timeout", "300ms")
			if r.code != exitRejected {
				t.Fatalf("exit %d, want %d: %s", r.code, exitRejected, r.err)
			}
			golden(t, "bridge-broken-"+mode+".txt", maskExecTimes(strings.ReplaceAll(timing.ReplaceAllString(r.out, "in X s, Y games/s")+r.err, exe, "BROKEN")))
		})
	}
}

func TestBridgeHaskell(t *testing.T) {
	r := runCmd(t, nil, "bridge", "haskell", "--module", "Bots.Mine")
	if r.code != exitOK || !strings.Contains(r.out, "\nimport Bots.Mine (makeMelds, pickCard, playCard)\n") {
		t.Errorf("exit %d: %s%s", r.code, r.out, r.err)
	}
	r = runCmd(t, nil, "bridge", "haskell", "--module", "mine")
	if r.code != exitUsage {
		t.Errorf("exit %d, want %d", r.code, exitUsage)
	}
	golden(t, "bridge-bad-module.txt", r.err)
	r = runCmd(t, nil, "bridge", "haskell", "--game", "hearts", "--module", "Bots.Mine")
	if r.code != exitOK || !strings.Contains(r.out, "\nimport Bots.Mine (playCard)\n") || !strings.Contains(r.out, `hello = "ginlog-protocol 1 hearts"`) {
		t.Errorf("--game hearts: exit %d: %s%s", r.code, r.out, r.err)
	}
	r = runCmd(t, nil, "bridge", "haskell", "--game", "chess")
	if r.code != exitUsage || r.err != "ginlog: --game: no game kind \"chess\"; want gin or hearts\n" {
		t.Errorf("--game chess: exit %d: %s", r.code, r.err)
	}
}
