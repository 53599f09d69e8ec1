package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/schema"
)

// runCmdAnswering is runCmd with input on the standard input, taken for a
// terminal when interactive.
func runCmdAnswering(t *testing.T, env map[string]string, input string, interactive bool, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{in: strings.NewReader(input), out: &out, err: &errb,
		getenv:      envOf(env),
		terminal:    func(io.Writer) bool { return false },
		interactive: func() bool { return interactive }}
	code := a.execute(context.Background(), args)
	return result{out.String(), errb.String(), code}
}

// TestTagLists: opponents and sources in every format, before and after
// tag changes the tags.
func TestTagLists(t *testing.T) {
	env := sampleDB(t)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"opponents.tsv", []string{"opponents"}},
		{"opponents.csv", []string{"opponents", "--format", "csv"}},
		{"opponents.json", []string{"opponents", "--format", "json"}},
		{"opponents.md", []string{"opponents", "--format", "markdown"}},
		{"sources.tsv", []string{"sources"}},
		{"tag-merge.txt", []string{"tag", "--opponent", "simple", "--set-opponent", "meldable", "--set-source", "ladder week 2"}},
		{"tag-range.txt", []string{"tag", "1-3", "15-20", "--clear-source"}},
		{"opponents-after-tag.tsv", []string{"opponents"}},
		{"sources-after-tag.tsv", []string{"sources"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			golden(t, tc.name, r.out)
		})
	}
	if r := runCmdTerminal(t, env, "opponents"); r.code != exitOK || !strings.Contains(r.out, "│") {
		t.Errorf("opponents on a terminal: exit %d:\n%s", r.code, r.out)
	}
}

func TestTagAndRmRefuse(t *testing.T) {
	env := sampleDB(t)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"tag nothing named", []string{"tag", "--set-opponent", "x"}, exitUsage,
			"ginlog: no games named: give game ids or ranges, --import, filters, or --all for every game\n"},
		{"tag no change", []string{"tag", "3"}, exitUsage,
			"ginlog: nothing to change: give --set-opponent, --set-source, --clear-opponent or --clear-source\n"},
		{"tag set and clear", []string{"tag", "3", "--set-source", "a", "--clear-source"}, exitUsage,
			"ginlog: --set-source and --clear-source: choose one\n"},
		{"tag empty name", []string{"tag", "3", "--set-opponent", ""}, exitUsage,
			"ginlog: --set-opponent: give a name, or use --clear-opponent\n"},
		{"tag not UTF-8", []string{"tag", "3", "--set-opponent", "caf\xe9"}, exitUsage,
			"ginlog: --set-opponent: \"caf\\xe9\": not a usable tag: it is not valid UTF-8\n"},
		{"tag bad range", []string{"tag", "9-3", "--clear-source"}, exitUsage,
			"ginlog: bad game id or range \"9-3\": the range ends before it starts\n"},
		{"tag bad import", []string{"tag", "--import", "0", "--clear-source"}, exitUsage,
			"ginlog: --import: import ids start at 1, got 0\n"},
		{"tag bad date", []string{"tag", "--since", "soon", "--clear-source"}, exitUsage,
			"ginlog: --since: \"soon\" is not a date (2020-11-07), an RFC 3339 time or Unix seconds\n"},
		{"tag no match", []string{"tag", "40-50", "--clear-source"}, exitNoMatch,
			"ginlog: no games match 40-50; the database holds games 1 to 20, from imports 1 to 3\n"},
		{"tag typo", []string{"tag", "--opponent", "randon", "--clear-source"}, exitNoMatch,
			"ginlog: no games match --opponent randon (did you mean random?); known opponents: random, meldable, simple\n"},
		{"rm nothing named", []string{"rm", "--yes"}, exitUsage,
			"ginlog: no games named: give game ids or ranges, --import, filters, or --all for every game\n"},
		{"rm no match", []string{"rm", "--import", "7", "--yes"}, exitNoMatch,
			"ginlog: no games match --import 7; the database holds games 1 to 20, from imports 1 to 3\n"},
		{"rm without a terminal", []string{"rm", "--import", "3"}, exitUsage,
			"ginlog: rm would remove 4 games (17-20): 8 rounds, 192 plays; confirm with --yes (the standard input is not a terminal to ask on)\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code || r.err != tc.want || r.out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q", r.code, r.out, r.err, tc.code, tc.want)
			}
		})
	}
	// Nothing was changed.
	if r := runCmd(t, env, "opponents"); !strings.Contains(r.out, "\nrandom\t4\t") {
		t.Errorf("after the refusals:\n%s", r.out)
	}
}

// TestRm removes games in turn from one database: each case starts from
// what the one before left.
func TestRm(t *testing.T) {
	env := sampleDB(t)
	for _, tc := range []struct {
		name        string
		input       string
		interactive bool
		args        []string
		golden      string
		wantErr     string
		games       string // ginlog games' ids afterwards
	}{
		{"declined", "n\n", true, []string{"rm", "17-18"}, "",
			"remove 2 games (17-18): 4 rounds, 110 plays, and what verify found of them? [y/N] nothing removed\n", "1-20"},
		{"end of input", "", true, []string{"rm", "17-18"}, "",
			"remove 2 games (17-18): 4 rounds, 110 plays, and what verify found of them? [y/N] \nnothing removed\n", "1-20"},
		{"confirmed", "yes\n", true, []string{"rm", "17-18"}, "rm-confirmed.txt",
			"remove 2 games (17-18): 4 rounds, 110 plays, and what verify found of them? [y/N] ", "1-16 19-20"},
		{"--yes", "", false, []string{"rm", "--opponent", "simple", "--since", "1700000104", "--yes"}, "rm-yes.txt", "", "1-12 19-20"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmdAnswering(t, env, tc.input, tc.interactive, tc.args...)
			if r.code != exitOK || r.err != tc.wantErr {
				t.Fatalf("exit %d, stderr %q; want 0, %q", r.code, r.err, tc.wantErr)
			}
			if tc.golden != "" {
				golden(t, tc.golden, r.out)
			} else if r.out != "" {
				t.Errorf("stdout %q", r.out)
			}
			if got := gameIDs(t, env); got != tc.games {
				t.Errorf("games left %s, want %s", got, tc.games)
			}
		})
	}
}

// gameIDs lists the games ginlog games shows, as ranges.
func gameIDs(t *testing.T, env map[string]string) string {
	t.Helper()
	r := runCmd(t, env, "games", "--format", "csv")
	if r.code != exitOK {
		t.Fatalf("games: exit %d: %s", r.code, r.err)
	}
	var ids []int64
	for _, line := range strings.Split(strings.TrimSpace(r.out), "\n")[1:] {
		var id int64
		if _, err := fmt.Sscan(strings.SplitN(line, ",", 2)[0], &id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return idList(ids)
}

// TestRmHandsOverToTheMirror: removing a game whose other player's log is
// loaded leaves that log counted in its place.
func TestRmHandsOverToTheMirror(t *testing.T) {
	env := sampleDB(t)
	dir := t.TempDir()
	testlogs.CopyMirror(t, dir, testlogs.Meldable[0])
	if r := runCmd(t, env, "ingest", dir); r.code != exitOK || !strings.Contains(r.out, "1 mirror") {
		t.Fatalf("ingest the mirror: exit %d: %s%s", r.code, r.out, r.err)
	}
	r := runCmd(t, env, "rm", "1", "--yes")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	golden(t, "rm-mirrored.txt", r.out)
	if got := gameIDs(t, env); got != "2-21" {
		t.Errorf("games after the removal: %s, want 2-21", got)
	}
}

// TestIngestSaysTagsWereKept: importing loaded games again with other tags
// says that they kept theirs, and how to change them; the command it
// gives does.
func TestIngestSaysTagsWereKept(t *testing.T) {
	env := sampleDB(t)
	dir := t.TempDir()
	testlogs.Copy(t, dir, testlogs.Simple[:3]...)
	r := runCmd(t, env, "ingest", dir, "--opponent", "bot 7", "--source", "ladder")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	golden(t, "ingest-tags-kept.txt", ingestTiming.ReplaceAllString(r.out, "X s, Y games/s"))
	r = runCmd(t, env, "tag", "--import", "4", "--set-opponent", "bot 7", "--set-source", "ladder")
	if r.code != exitOK || !strings.HasPrefix(r.out, "tagged 3 games: 9-11\n") {
		t.Errorf("the tag command it gives: exit %d: %s%s", r.code, r.out, r.err)
	}
	r = runCmd(t, env, "ingest", dir, "--opponent", "bot 7", "--format", "json")
	if r.code != exitOK || !strings.Contains(r.out, `"duplicates_tags_kept": 0`) {
		t.Errorf("once tagged: exit %d: %s%s", r.code, r.out, r.err)
	}
}

// TestNoEmptyDatabaseLeft: an ingest that loads no game removes the
// database it created, and leaves one that was there as it was; tag and rm
// create none.
func TestNoEmptyDatabaseLeft(t *testing.T) {
	logs := t.TempDir()
	testlogs.Copy(t, logs, testlogs.Random[0])
	bad := t.TempDir()
	testlogs.Write(t, bad, "5.csv", []byte("1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;X8,0,S4,S7,CK\r\n"))
	testlogs.Write(t, bad, "5-score.csv", []byte("1,0,16,Knock,0\r\n"))
	empty := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"a bad path", []string{"ingest", filepath.Join(empty, "none")}, exitUsage},
		{"every game rejected", []string{"ingest", bad}, exitRejected},
		{"no logs found", []string{"ingest", empty}, exitOK},
		{"tag", []string{"tag", "1", "--clear-source"}, exitNoMatch},
		{"rm", []string{"rm", "1", "--yes"}, exitNoMatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "g.duckdb")
			env := map[string]string{"GINLOG_DB": path}
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("a database was left behind (%v): %s", err, r.err)
			}
			if ls, _ := os.ReadDir(filepath.Dir(path)); len(ls) != 0 {
				t.Errorf("files left beside it: %v", ls)
			}
			if tc.args[0] == "ingest" && !strings.Contains(r.err, "ginlog: no game was loaded: removed "+path+", which this import had created\n") {
				t.Errorf("stderr does not say the database was removed:\n%s", r.err)
			}
			if tc.args[0] != "ingest" {
				return
			}
			// A database that was there stays, whatever it holds.
			for _, games := range []int{0, 1} {
				existing := filepath.Join(t.TempDir(), "g.duckdb")
				db, err := schema.Open(context.Background(), existing)
				if err != nil {
					t.Fatal(err)
				}
				db.Close()
				if games > 0 {
					runCmd(t, map[string]string{"GINLOG_DB": existing}, "ingest", logs)
				}
				runCmd(t, map[string]string{"GINLOG_DB": existing}, tc.args...)
				if n := countGames(t, existing); n != games {
					t.Errorf("a database that held %d games holds %d", games, n)
				}
			}
		})
	}
}

// countGames opens the database at path and counts its games.
func countGames(t *testing.T, path string) int {
	t.Helper()
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
