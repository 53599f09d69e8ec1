package main

import (
	"strings"
	"testing"
)

func TestQueryCommand(t *testing.T) {
	env := realDB(t)
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
		{"bad-who", []string{"query", "summary", "--who", "them"}, exitUsage},
		{"bad-since", []string{"query", "summary", "--since", "yesterday"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, "query-"+tc.name+".txt", r.out+r.err)
		})
	}
}

func TestQueryTerminalTable(t *testing.T) {
	env := realDB(t)
	r := runCmdTerminal(t, env, "query", "meld-loss")
	if r.code != exitOK {
		t.Fatal(r.err)
	}
	golden(t, "query-meld-loss-terminal.txt", r.out)
}

func TestSQLIsReadOnly(t *testing.T) {
	env := realDB(t)
	r := runCmd(t, env, "sql", "SELECT count(*) AS games, sum(you_total) AS you FROM games", "--format", "csv")
	if r.code != exitOK || r.out != "games,you\n8,397\n" {
		t.Errorf("select: exit %d: %q %s", r.code, r.out, r.err)
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
	if n := runCmd(t, env, "sql", "SELECT count(*) FROM games", "--format", "csv"); n.out != "count_star()\n8\n" {
		t.Errorf("games changed: %q", n.out)
	}
}

func TestGamesCommand(t *testing.T) {
	env := realDB(t)
	r := runCmd(t, env, "games", "--until", "1604731660")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	golden(t, "games-until.txt", r.out)
}
