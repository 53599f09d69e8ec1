package main

import (
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestNothingMatched: a missing game, filters that select no games and a
// missing database all exit 5, from every command that reads games.
func TestNothingMatched(t *testing.T) {
	env := corpusDB(t, testenv.Sample)
	out := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"show", []string{"show", "99"}, "ginlog: no game 99\n"},
		{"verify", []string{"verify", "--game", "99"}, "ginlog: no game 99\n"},
		{"query", []string{"query", "summary", "--game", "99"}, "ginlog: no game 99\n"},
		{"query grid", []string{"query", "card-values", "--grid", "--game", "99"}, "ginlog: no game 99\n"},
		{"report", []string{"report", "--game", "99", "--out", out + ".html"}, "ginlog: no game 99\n"},
		{"fit", []string{"fit", "--game", "99", "--out", out + ".json"}, "ginlog: no game 99\n"},
		{"games", []string{"games", "--game", "99"}, "ginlog: no game 99\n"},
		{"query filters", []string{"query", "summary", "--opponent", "nobody"}, "ginlog: no games match the filters\n"},
		{"games filters", []string{"games", "--since", "2030-01-01"}, "ginlog: no games match the filters\n"},
		{"report filters", []string{"report", "--source", "none", "--out", out + ".html"}, "ginlog: no games match the filters\n"},
		{"fit filters", []string{"fit", "--until", "2000-01-01", "--out", out + ".json"}, "ginlog: no games match the filters\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != exitNoMatch || r.err != tc.want {
				t.Errorf("exit %d, stderr %q; want %d, %q", r.code, r.err, exitNoMatch, tc.want)
			}
		})
	}
	missing := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "none.duckdb")}
	if r := runCmd(t, missing, "games"); r.code != exitNoMatch {
		t.Errorf("games without a database: exit %d: %s", r.code, r.err)
	}
}
