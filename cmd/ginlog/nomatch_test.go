package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
)

// TestNothingMatched: a missing game, filters that select no games and a
// missing database all exit 5, from every command that reads games, with
// a message that says why; report and fit write nothing.
func TestNothingMatched(t *testing.T) {
	env := corpusDB(t, testenv.Sample)
	out := filepath.Join(t.TempDir(), "out")
	const span = "the games were logged from 2023-11-14T22:13:20Z to 2023-11-14T22:16:43Z"
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"show", []string{"show", "99"}, "ginlog: no game 99\n"},
		{"verify", []string{"verify", "--game-id", "99"}, "ginlog: no game 99\n"},
		{"query", []string{"query", "summary", "--game-id", "99"}, "ginlog: no game 99\n"},
		{"query grid", []string{"query", "card-values", "--grid", "--game-id", "99"}, "ginlog: no game 99\n"},
		{"report", []string{"report", "--game-id", "99", "--out", out + ".html"}, "ginlog: no game 99\n"},
		{"fit", []string{"fit", "--game-id", "99", "--out", out + ".json"}, "ginlog: no game 99\n"},
		{"games", []string{"games", "--game-id", "99"}, "ginlog: no game 99\n"},
		{"query filters", []string{"query", "summary", "--opponent", "nobody"},
			"ginlog: no games match --opponent nobody; no game has an opponent tag (set them with ginlog tag)\n"},
		{"games filters", []string{"games", "--since", "2030-01-01"}, "ginlog: no games match --since 2030-01-01; " + span + "\n"},
		{"report filters", []string{"report", "--source", "none", "--out", out + ".html"},
			"ginlog: no games match --source none; no game has a source tag (set them with ginlog tag)\n"},
		{"hearts query", []string{"query", "hearts-points"},
			"ginlog: no games match the filters: the database holds no Hearts games (run ginlog ingest on a folder of Hearts logs)\n"},
		{"fit filters", []string{"fit", "--until", "2000-01-01", "--out", out + ".json"}, "ginlog: no games match --until 2000-01-01; " + span + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != exitNoMatch || r.err != tc.want {
				t.Errorf("exit %d, stderr %q; want %d, %q", r.code, r.err, exitNoMatch, tc.want)
			}
			if r.out != "" {
				t.Errorf("stdout %q, want nothing", r.out)
			}
		})
	}
	for _, f := range []string{out + ".html", out + ".json"} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s was written", f)
		}
	}
	missing := map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "none.duckdb")}
	if r := runCmd(t, missing, "games"); r.code != exitNoMatch {
		t.Errorf("games without a database: exit %d: %s", r.code, r.err)
	}
}

// TestNothingMatchedKnownValues: a tag no game carries is answered with the
// known values, the closest first, by every command that takes filters.
func TestNothingMatchedKnownValues(t *testing.T) {
	env := sampleDB(t)
	out := filepath.Join(t.TempDir(), "out")
	const want = "ginlog: no games match --opponent meldabel (did you mean meldable?); known opponents: meldable, random, simple\n"
	for _, args := range [][]string{
		{"query", "draw-tendency"},
		{"query", "card-values", "--grid"},
		{"games"},
		{"report", "--out", out + ".html"},
		{"fit", "--out", out + ".json"},
	} {
		t.Run(strings.Join(args[:min(2, len(args))], " "), func(t *testing.T) {
			r := runCmd(t, env, append(args, "--opponent", "meldabel")...)
			if r.code != exitNoMatch || r.err != want || r.out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", r.code, r.out, r.err, exitNoMatch, want)
			}
		})
	}
}

// sampleDB imports the bundled sample games into a fresh database, one
// import per opponent, tagged with its name (meldable: games 1-8, source
// ladder; simple: 9-16; random: 17-20), and returns the environment that
// names it.
func sampleDB(t *testing.T) map[string]string {
	t.Helper()
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	dir := t.TempDir()
	for _, imp := range []struct {
		name   string
		stamps []int64
		extra  []string
	}{
		{"meldable", testlogs.Meldable, []string{"--source", "ladder"}},
		{"simple", testlogs.Simple, nil},
		{"random", testlogs.Random, nil},
	} {
		sub := filepath.Join(dir, imp.name)
		testlogs.Copy(t, sub, imp.stamps...)
		if r := runCmd(t, env, append([]string{"ingest", sub, "--opponent", imp.name}, imp.extra...)...); r.code != exitOK {
			t.Fatalf("ingest %s: exit %d: %s", imp.name, r.code, r.err)
		}
	}
	return env
}
