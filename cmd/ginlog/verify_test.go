package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var verifyTiming = regexp.MustCompile(`in [0-9.]+ s \([0-9]+ games/s\)`)

// realDB ingests the real logs (verified) into a fresh database and returns
// the environment that names it.
func realDB(t *testing.T) map[string]string {
	t.Helper()
	if _, err := os.Stat(realLogs); err != nil {
		t.Skipf("real logs absent (%v)", err)
	}
	env := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "g.duckdb")}
	if r := runCmd(t, env, "ingest", realLogs); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	return env
}

func TestVerifyAndShow(t *testing.T) {
	env := realDB(t)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"verify-all", []string{"verify", "--all"}},
		{"verify-game", []string{"verify", "--game", "2"}},
		{"show-round", []string{"show", "2", "--round", "3"}},
		{"show-explained", []string{"show", "2", "--round", "5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			golden(t, tc.name+".txt", verifyTiming.ReplaceAllString(r.out, "in X s (Y games/s)"))
		})
	}
}

func TestVerifyReportsViolations(t *testing.T) {
	if _, err := os.Stat(realLogs); err != nil {
		t.Skipf("real logs absent (%v)", err)
	}
	dir := t.TempDir()
	turns, _ := os.ReadFile(filepath.Join(realLogs, "1604731633.csv"))
	scores, _ := os.ReadFile(filepath.Join(realLogs, "1604731633-score.csv"))
	rows := strings.Split(string(turns), "\r\n")
	f := strings.Split(rows[4], ",") // round 1, ply 5: a stock draw
	f[3] = "SA"                      // not the previous discard
	rows[4] = strings.Join(f, ",")
	os.WriteFile(filepath.Join(dir, "1604731633.csv"), []byte(strings.Join(rows, "\r\n")), 0o644)
	os.WriteFile(filepath.Join(dir, "1604731633-score.csv"), scores, 0o644)
	env := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "g.duckdb")}
	r := runCmd(t, env, "ingest", dir)
	if r.code != exitRejected || !strings.Contains(r.err, "1 games break the rules") {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	r = runCmd(t, env, "verify", "--game", "1")
	if r.code != exitRejected || !strings.Contains(r.out, "round 1 ply 5: top-mismatch: top of the pile SA, but CQ was discarded last") {
		t.Errorf("verify: exit %d:\n%s%s", r.code, r.out, r.err)
	}
}
