package main

import (
	"strings"
	"testing"
)

// TestLimitFlags: --memory-limit and --threads reach DuckDB on every
// command that opens the database (sql keeps its own --memory-limit), and
// a value DuckDB cannot take is a usage error.
func TestLimitFlags(t *testing.T) {
	env := sampleDB(t)
	settings := `SELECT current_setting('memory_limit') AS memory_limit, current_setting('threads') AS threads`
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string // stdout, or the first line of stderr for an error
	}{
		{"sql: its own memory limit", []string{"sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,"},
		{"sql: --threads", []string{"--threads", "1", "sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,1\n"},
		{"sql: its --memory-limit", []string{"sql", settings, "--memory-limit", "300MB", "--format", "csv"}, exitOK, "memory_limit,threads\n286.1 MiB,"},
		{"query", []string{"--memory-limit", "300MB", "--threads", "1", "query", "summary", "--format", "csv"}, exitOK, "side,games,"},
		{"bad memory limit", []string{"--memory-limit", "lots", "query", "summary"}, exitUsage,
			`ginlog: --memory-limit: want a size such as 512MB or 2GB, got "lots"`},
		{"bad memory limit on ingest", []string{"ingest", ".", "--memory-limit", "1GB;"}, exitUsage,
			`ginlog: --memory-limit: want a size such as 512MB or 2GB, got "1GB;"`},
		{"bad threads", []string{"verify", "--threads", "-2"}, exitUsage, "ginlog: --threads: want 0 (one per core) to 256, got -2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			got := r.out
			if tc.code != exitOK {
				got, _, _ = strings.Cut(r.err, "\n")
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want %q first", got, tc.want)
			}
		})
	}
}
