package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// heartsHaskell compiles, once, the Main module of bridge haskell --game
// hearts with the Hearts test framework and test player of
// bridge/testdata/haskell/hearts.
var heartsHaskell = struct {
	once sync.Once
	err  error
	exe  string
}{}

func heartsHaskellPlayer(t *testing.T) string {
	t.Helper()
	needTool(t, "ghc")
	heartsHaskell.once.Do(func() {
		dir := filepath.Join(toolDir, "haskell-hearts")
		main := filepath.Join(dir, "GinlogHeartsMain.hs")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			heartsHaskell.err = err
			return
		}
		if r := runCmd(t, nil, "bridge", "haskell", "--game", "hearts", "--out", main); r.code != exitOK {
			heartsHaskell.err = &rejectedError{"bridge haskell --game hearts: " + r.err}
			return
		}
		hs, err := filepath.Abs("../../bridge/testdata/haskell/hearts")
		if err != nil {
			heartsHaskell.err = err
			return
		}
		exe := filepath.Join(dir, "player")
		out, err := testenv.GHC(t, "", "-O", "-i"+filepath.Join(hs, "framework"), "-i"+filepath.Join(hs, "player"),
			"-outputdir", filepath.Join(dir, "build"), "-o", exe, main)
		if err != nil {
			heartsHaskell.err = &rejectedError{"ghc: " + err.Error() + "\n" + string(out)}
			return
		}
		heartsHaskell.exe = exe
	})
	if heartsHaskell.err != nil {
		t.Fatal(heartsHaskell.err)
	}
	return heartsHaskell.exe
}

// TestHaskellHeartsPlayerAcceptance plays the Haskell Hearts test player
// through the bridge in two seats against simple and tracker, 100 games
// (10 under -short); ingests and verifies them: no game rejected, no
// deviation; and retraces both its seats through the same player: every
// card agrees. Its decisions stay far under the framework's second.
func TestHaskellHeartsPlayerAcceptance(t *testing.T) {
	exe := heartsHaskellPlayer(t)
	games := "100"
	if testing.Short() {
		games = "10"
	}
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	r := runCmd(t, nil, "simulate", "--game", "hearts", "--games", games, "--players", "exec:"+exe+",simple,exec:"+exe+",tracker",
		"--out", logs, "--format", "json", "--timeout", "10s") // a pause of a loaded machine is no forfeit; p99 is checked below
	if r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	var rep struct {
		Exec []struct {
			Decisions int
			P99       float64 `json:"p99_seconds"`
			Max       float64 `json:"max_seconds"`
		}
	}
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil || len(rep.Exec) != 2 {
		t.Fatalf("json: %v\n%s", err, r.out)
	}
	for _, e := range rep.Exec {
		t.Logf("%d decisions, p99 %.2f ms, max %.2f ms", e.Decisions, 1000*e.P99, 1000*e.Max)
		if e.P99 >= 1 {
			t.Errorf("p99 %.3f s: over the framework's second", e.P99)
		}
	}
	db := filepath.Join(dir, "h.db")
	r = runCmd(t, nil, "--db", db, "ingest", logs)
	if r.code != exitOK || !strings.Contains(r.out, "verified "+games+" Hearts games") || !strings.Contains(r.out, "deviations: none") {
		t.Fatalf("ingest: exit %d\n%s%s", r.code, r.out, r.err)
	}
	id := strings.ReplaceAll(exe, "/", "_")
	r = runCmd(t, nil, "--db", db, "retrace", "--game", "hearts", "--player", "exec:"+exe, "--id", "1-exec:"+id, "--id", "3-exec:"+id, "--timeout", "10s")
	if r.code != exitOK || !strings.Contains(r.out, "(100.00%); "+games+" games agree throughout") {
		t.Errorf("retrace: exit %d\n%s%s", r.code, r.out, r.err)
	}
}
