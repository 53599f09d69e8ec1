package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
)

func TestQueryCommand(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) { queryCommand(t, c) })
	}
}

func queryCommand(t *testing.T, c testenv.Corpus) {
	env := corpusDB(t, c)
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"list-csv", []string{"query", "--list", "--format", "csv"}, exitOK},
		{"draw-tendency-markdown", []string{"query", "draw-tendency", "--format", "markdown"}, exitOK},
		{"summary-json", []string{"query", "summary", "--format", "json"}, exitOK},
		{"card-grid", []string{"query", "card-values", "--grid", "--metric", "melded", "--who", "both"}, exitOK},
		{"unknown-query", []string{"query", "hands"}, exitUsage},
		{"misspelt-query", []string{"query", "sumary"}, exitUsage},
		{"bad-who", []string{"query", "summary", "--who", "them"}, exitUsage},
		{"bad-since", []string{"query", "summary", "--since", "yesterday"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, goldenName(c, "query-"+tc.name+".txt"), r.out+r.err)
		})
	}
}

func TestQueryTerminalTable(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			r := runCmdTerminal(t, corpusDB(t, c), "query", "meld-loss")
			if r.code != exitOK {
				t.Fatal(r.err)
			}
			golden(t, goldenName(c, "query-meld-loss-terminal.txt"), r.out)
		})
	}
}

// TestSQLIsReadOnly runs a SELECT on the sample (its answer counted from
// the log files by the oracle), then statements that would write or reach
// outside the database, which are refused.
func TestSQLIsReadOnly(t *testing.T) {
	_, want := corpusLogs(t, testenv.Sample)
	env := corpusDB(t, testenv.Sample)
	r := runCmd(t, env, "sql", "SELECT count(*) AS games, sum(you_total) AS you FROM games", "--format", "csv")
	if r.code != exitOK || r.out != fmt.Sprintf("games,you\n%d,%d\n", want.Games, want.Totals[0]) {
		t.Errorf("select: exit %d: %q %s; the logs hold %d games, %d points for you", r.code, r.out, r.err, want.Games, want.Totals[0])
	}
	for _, q := range []string{
		"DELETE FROM games",
		"CREATE TABLE notes (x INTEGER)",
		"ATTACH '/tmp/other.duckdb' AS other",
		"COPY games TO '/tmp/games.csv'",
		"SELECT * FROM read_csv('/etc/passwd')",
		"SET enable_external_access = true",
		"INSTALL httpfs",
	} {
		r := runCmd(t, env, "sql", q)
		if r.code == exitOK || !strings.Contains(r.err, "ginlog sql is read-only") {
			t.Errorf("%s: exit %d: %s", q, r.code, r.err)
		}
	}
	if n := runCmd(t, env, "sql", "SELECT count(*) FROM games", "--format", "csv"); n.out != fmt.Sprintf("count_star()\n%d\n", want.Games) {
		t.Errorf("games changed: %q", n.out)
	}
}

// TestGamesCommand lists the games logged before the middle one of each
// corpus: as many as the log files say.
func TestGamesCommand(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			logs, _ := corpusLogs(t, c)
			until := logs[len(logs)/2].TS
			r := runCmd(t, corpusDB(t, c), "games", "--until", strconv.FormatInt(until, 10))
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.err)
			}
			if lines := strings.Count(r.out, "\n"); lines != 1+len(logs)/2 {
				t.Errorf("%d lines, want a header and the %d games before %d", lines, len(logs)/2, until)
			}
			golden(t, goldenName(c, "games-until.txt"), r.out)
		})
	}
}

// TestQueryDescribe prints every query's --describe into one golden file,
// and checks that query NAME --help starts with it.
func TestQueryDescribe(t *testing.T) {
	var all strings.Builder
	for _, q := range queries.All() {
		r := runCmd(t, nil, "query", q.Name, "--describe")
		if r.code != exitOK || r.err != "" {
			t.Fatalf("%s --describe: exit %d: %s", q.Name, r.code, r.err)
		}
		all.WriteString(r.out + "\n")
		h := runCmd(t, nil, "query", q.Name, "--help")
		if h.code != exitOK || !strings.HasPrefix(h.out, r.out+"\n") || !strings.Contains(h.out, "Usage:") {
			t.Errorf("%s --help does not start with its description:\n%s", q.Name, h.out)
		}
	}
	golden(t, "query-describe.txt", all.String())
	if r := runCmd(t, nil, "query", "--describe"); r.code != exitUsage {
		t.Errorf("--describe without a NAME: exit %d, want %d", r.code, exitUsage)
	}
}
