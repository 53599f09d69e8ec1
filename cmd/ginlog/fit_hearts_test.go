package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// heartsFitDB simulates a small Hearts match of baseline bots into a
// fresh database and returns its environment and folder. (The repository
// bundles no Hearts logs: ginlog simulate's, seeded, are the sample.)
func heartsFitDB(t *testing.T) (map[string]string, string) {
	t.Helper()
	dir := t.TempDir()
	env := map[string]string{"GINLOG_DB": filepath.Join(dir, "h.duckdb")}
	out := filepath.Join(dir, "logs")
	if r := runCmd(t, env, "simulate", "--game", "hearts", "--players", "voids,tracker,simple,random", "--games", "20",
		"--seed", "3", "--out", out); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	if r := runCmd(t, env, "ingest", out); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	return env, dir
}

// createdAt masks the time a weights file was written.
var createdAt = regexp.MustCompile(`"created_at": "[^"]*"`)

// TestFitHearts fits the habits of a simulated match, every player's and
// one player's, compares the summaries and the files with the golden
// ones, and plays the weights as mc:PATH.
func TestFitHearts(t *testing.T) {
	env, dir := heartsFitDB(t)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"all", nil},
		{"voids", []string{"--player", "1-voids"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name+".json")
			r := runCmd(t, env, append([]string{"fit", "--game", "hearts", "--out", out}, tc.args...)...)
			if r.code != exitOK {
				t.Fatalf("fit: exit %d: %s", r.code, r.err)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "fit-hearts-"+tc.name+".txt", strings.ReplaceAll(r.out+r.err, dir, "DIR")+
				createdAt.ReplaceAllString(string(b), `"created_at": "TIME"`))
			players := "mc:" + out + ",voids,voids,voids"
			if r := runCmd(t, env, "simulate", "--game", "hearts", "--players", players, "--games", "2", "--no-logs"); r.code != exitOK {
				t.Errorf("simulate %s: exit %d: %s", players, r.code, r.err)
			}
		})
	}
}

// TestFitHeartsRefuses: the flags of a Gin fit, a player of no game
// selected, and mc:PATH with a missing or wrong file, each a usage error
// saying what to do.
func TestFitHeartsRefuses(t *testing.T) {
	env, dir := heartsFitDB(t)
	gin := filepath.Join(dir, "gin.json")
	if r := runCmd(t, nil, "fit", "--out", gin, "--db", filepath.Join(dir, "none.duckdb")); r.code == exitOK {
		t.Fatal("fit of no Gin game succeeded")
	}
	if err := os.WriteFile(gin, []byte(`{"format": "ginlog-weights", "version": 4}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"who", []string{"fit", "--game", "hearts", "--who", "you"}, "--who is for Gin's weights"},
		{"player-gin", []string{"fit", "--player", "1-voids"}, "--player is for Hearts games"},
		{"no-player", []string{"fit", "--game", "hearts", "--player", "1-void", "--out", filepath.Join(dir, "x.json")},
			`--player "1-void" plays in none of the Hearts games selected (did you mean 1-voids or logs/1-voids?)`},
		{"chess", []string{"fit", "--game", "chess"}, "chess"},
		{"missing", []string{"simulate", "--game", "hearts", "--players", "mc:nowhere.json,voids", "--no-logs"},
			"(write one with ginlog fit --game hearts --out nowhere.json)"},
		{"gin-weights", []string{"simulate", "--game", "hearts", "--players", "mc:" + gin + ",voids", "--no-logs"},
			"Gin weights (format \"ginlog-weights\", for tuned:PATH); mc:PATH wants the Hearts habits of ginlog fit --game hearts"},
		{"typo", []string{"simulate", "--game", "hearts", "--players", "mcc:w.json,voids", "--no-logs"}, "did you mean mc:w.json or mc?"},
		{"no-path", []string{"simulate", "--game", "hearts", "--players", "mc:,voids", "--no-logs"}, "want mc:PATH"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != exitUsage || !strings.Contains(r.err, tc.want) {
				t.Errorf("exit %d, want %d with %q: %s", r.code, exitUsage, tc.want, r.err)
			}
		})
	}
}

// TestFitHeartsRealLogs is the acceptance test of the Hearts habits: the
// real logs' determined hands, every play of them counted.
func TestFitHeartsRealLogs(t *testing.T) {
	testenv.Dir(t, realHearts)
	dir := t.TempDir()
	env := map[string]string{"GINLOG_DB": filepath.Join(dir, "h.duckdb")}
	if r := runCmd(t, env, "ingest", realHearts); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	out := filepath.Join(dir, "w.json")
	r := runCmd(t, env, "fit", "--game", "hearts", "--out", out)
	want := "fitted " + out + " from 257 games, 2653 hands, 137956 plays: 35743 dumps, 32408 leads\n"
	if r.code != exitOK || r.out != want || !strings.Contains(r.err, "1132 hands left out") {
		t.Errorf("fit: exit %d, want %q:\n%s%s", r.code, want, r.out, r.err)
	}
	if r := runCmd(t, env, "simulate", "--game", "hearts", "--players", "mc:"+out+",voids,voids,voids", "--games", "2", "--no-logs"); r.code != exitOK {
		t.Errorf("simulate: exit %d: %s", r.code, r.err)
	}
}
