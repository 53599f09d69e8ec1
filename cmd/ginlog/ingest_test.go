package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const realLogs = "../../../shared/reallogs"

var ingestTiming = regexp.MustCompile(`(?m)^[0-9.]+ s, [0-9]+ games/s$`)

func TestIngest(t *testing.T) {
	if _, err := os.Stat(realLogs); err != nil {
		t.Skipf("real logs absent (%v)", err)
	}
	env := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "g.duckdb")}
	r := runCmd(t, env, "ingest", realLogs, "--opponent", "ladder")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	golden(t, "ingest-reallogs.txt", verifyTiming.ReplaceAllString(ingestTiming.ReplaceAllString(r.out, "X s, Y games/s"), "in X s (Y games/s)"))
	r = runCmd(t, env, "ingest", realLogs, "--format", "json")
	var s struct {
		New        int `json:"games_new"`
		Duplicates int `json:"games_duplicate"`
	}
	if err := json.Unmarshal([]byte(r.out), &s); err != nil || s.New != 0 || s.Duplicates != 8 {
		t.Errorf("second import: %+v %v: %s", s, err, r.out)
	}
}

func TestIngestRejectedExitCode(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "5.csv"), []byte("1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;X8,0,S4,S7,CK\r\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "5-score.csv"), []byte("1,0,16,Knock,0\r\n"), 0o644)
	env := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "g.duckdb")}
	r := runCmd(t, env, "ingest", dir)
	if r.code != exitRejected {
		t.Fatalf("exit %d, want %d", r.code, exitRejected)
	}
	want := filepath.Join(dir, "5.csv") + `:1:31: bad-card: hand card "X8" is not a card`
	if !strings.HasPrefix(r.err, want) || !strings.Contains(r.err, "ginlog: 1 of 1 games rejected") {
		t.Errorf("stderr:\n%s\nwant it to start with %s", r.err, want)
	}
}

func TestIngestMissingPath(t *testing.T) {
	env := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "g.duckdb")}
	r := runCmd(t, env, "ingest", "/no/such/logs")
	if r.code != exitUsage || !strings.Contains(r.err, "/no/such/logs: no such file") {
		t.Errorf("exit %d: %s", r.code, r.err)
	}
}
