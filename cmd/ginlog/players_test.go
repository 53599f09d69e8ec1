package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
)

// twoRepositories copies two real Hearts repositories, each with players
// 1 to 4, into DIR/repoA/logs and DIR/repoB/logs, and returns DIR.
func twoRepositories(t *testing.T) string {
	t.Helper()
	testenv.Dir(t, realHearts)
	dir := t.TempDir()
	for to, from := range map[string]string{"repoA": "BriefsZero/logs", "repoB": "ReduxLX/staticgame/logs"} {
		if err := os.CopyFS(filepath.Join(dir, to, "logs"), os.DirFS(filepath.Join(realHearts, from))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPlayers imports two folders that each hold a player 1: two players,
// one once merged, two again once unmerged; the Hearts queries and verify
// follow the merge. Every output is a golden file.
func TestPlayers(t *testing.T) {
	dir := twoRepositories(t)
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	if r := runCmd(t, env, "players"); r.code != exitNoMatch {
		t.Errorf("players of no database: exit %d, want %d: %s", r.code, exitNoMatch, r.err)
	}
	if r := runCmd(t, env, "ingest", filepath.Join(dir, "repoA"), filepath.Join(dir, "repoB")); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"list", []string{"players"}, exitOK},
		{"list-csv", []string{"players", "-f", "csv"}, exitOK},
		{"list-json", []string{"players", "-f", "json"}, exitOK},
		{"list-markdown", []string{"players", "-f", "markdown"}, exitOK},
		{"merge", []string{"players", "--merge", "repoA/logs/1,repoB/logs/1", "--as", "one"}, exitOK},
		{"merged", []string{"players"}, exitOK},
		{"merged-points", []string{"query", "hearts-points"}, exitOK},
		{"merged-verify", []string{"verify", "--all"}, exitOK},
		{"merged-points-verified", []string{"query", "hearts-points"}, exitOK},
		{"merge-more", []string{"players", "--merge", "one", "--merge", "repoB/logs/2"}, exitOK},
		{"unmerge-unknown", []string{"players", "--unmerge", "nobody"}, exitUsage},
		{"merge-unknown", []string{"players", "--merge", "repoA/1,repoB/1"}, exitUsage},
		{"merge-typo", []string{"players", "--merge", "repoA/logs/1,repoB/logz/3"}, exitUsage},
		{"unmerge-typo", []string{"players", "--unmerge", "oen"}, exitUsage},
		{"merge-and-unmerge", []string{"players", "--merge", "a,b", "--unmerge", "c"}, exitUsage},
		{"as-alone", []string{"players", "--as", "x"}, exitUsage},
		{"unmerge", []string{"players", "--unmerge", "one"}, exitOK},
		{"unmerged", []string{"players"}, exitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", r.code, tc.code, r.out, r.err)
			}
			golden(t, "players-"+tc.name+".txt", seconds.ReplaceAllString(r.out, "X s")+r.err)
		})
	}
}

// TestPlayersGin: a database of Gin games alone has no Hearts players, and
// players says where the Gin players are.
func TestPlayersGin(t *testing.T) {
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	if r := runCmd(t, env, "ingest", testenv.Sample.Dir(t)); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	r := runCmd(t, env, "players")
	if r.code != exitNoMatch || !strings.Contains(r.err, "ginlog opponents") {
		t.Errorf("players of Gin games: exit %d, want %d, saying ginlog opponents: %s", r.code, exitNoMatch, r.err)
	}
}
