package main

import (
	"context"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestLimitFlags: --memory-limit and --threads reach DuckDB on every
// command that opens the database (sql keeps its own --memory-limit),
// GINLOG_THREADS and GINLOG_MEMORY_LIMIT set them when the flags are not
// given (not sql's own memory limit), and a value DuckDB cannot take is a
// usage error that names the flag or the variable, given by a command
// that opens the database (watch before it starts), and by no other.
func TestLimitFlags(t *testing.T) {
	db := sampleDB(t)
	settings := `SELECT current_setting('memory_limit') AS memory_limit, current_setting('threads') AS threads`
	for _, tc := range []struct {
		name string
		env  map[string]string // besides the database's
		args []string
		code int
		want string // stdout, or the first line of stderr for an error
	}{
		{"sql: its own memory limit", nil, []string{"sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,"},
		{"sql: --threads", nil, []string{"--threads", "1", "sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,1\n"},
		{"sql: its --memory-limit", nil, []string{"sql", settings, "--memory-limit", "300MB", "--format", "csv"}, exitOK, "memory_limit,threads\n286.1 MiB,"},
		{"query", nil, []string{"--memory-limit", "300MB", "--threads", "1", "query", "summary", "--format", "csv"}, exitOK, "side,games,"},
		{"bad memory limit", nil, []string{"--memory-limit", "lots", "query", "summary"}, exitUsage,
			`ginlog: --memory-limit: want a size such as 512MB or 2GB, got "lots"`},
		{"bad memory limit on ingest", nil, []string{"ingest", ".", "--memory-limit", "1GB;"}, exitUsage,
			`ginlog: --memory-limit: want a size such as 512MB or 2GB, got "1GB;"`},
		{"bad threads", nil, []string{"verify", "--threads", "-2"}, exitUsage, "ginlog: --threads: want 0 (one per core) to 256, got -2"},
		{"GINLOG_THREADS", map[string]string{"GINLOG_THREADS": "2"}, []string{"sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,2\n"},
		{"--threads over GINLOG_THREADS", map[string]string{"GINLOG_THREADS": "2"}, []string{"--threads", "3", "sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,3\n"},
		{"bad GINLOG_THREADS", map[string]string{"GINLOG_THREADS": "many"}, []string{"verify"}, exitUsage,
			`ginlog: GINLOG_THREADS: want 0 (one per core) to 256 threads, got "many"`},
		{"GINLOG_THREADS out of range", map[string]string{"GINLOG_THREADS": "257"}, []string{"query", "summary"}, exitUsage,
			`ginlog: GINLOG_THREADS: want 0 (one per core) to 256 threads, got "257"`},
		{"bad GINLOG_THREADS, --threads given", map[string]string{"GINLOG_THREADS": "many"}, []string{"--threads", "1", "sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,1\n"},
		{"bad GINLOG_MEMORY_LIMIT", map[string]string{"GINLOG_MEMORY_LIMIT": "lots"}, []string{"games"}, exitUsage,
			`ginlog: GINLOG_MEMORY_LIMIT: want a size such as 512MB or 2GB, got "lots"`},
		{"bad GINLOG_MEMORY_LIMIT on watch", map[string]string{"GINLOG_MEMORY_LIMIT": "lots"}, []string{"watch", "."}, exitUsage,
			`ginlog: GINLOG_MEMORY_LIMIT: want a size such as 512MB or 2GB, got "lots"`},
		{"bad --threads on watch", nil, []string{"watch", ".", "--threads", "-1"}, exitUsage,
			"ginlog: --threads: want 0 (one per core) to 256, got -1"},
		{"sql: its own memory limit, not GINLOG_MEMORY_LIMIT's", map[string]string{"GINLOG_MEMORY_LIMIT": "lots"},
			[]string{"sql", settings, "--format", "csv"}, exitOK, "memory_limit,threads\n953.6 MiB,"},
		{"a bad variable, no database opened", map[string]string{"GINLOG_THREADS": "many", "GINLOG_MEMORY_LIMIT": "lots"},
			[]string{"melds", "S4 C4 D4"}, exitOK, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := maps.Clone(db)
			maps.Copy(env, tc.env)
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

// TestGoHeapLimit: a command that opens the database holds the Go heap to
// the limit that goes with DuckDB's (sql with its own --memory-limit),
// unless GOMEMLIMIT sets the runtime's own; one that does not open it, or
// whose limit DuckDB cannot take, leaves the Go runtime alone.
func TestGoHeapLimit(t *testing.T) {
	env := sampleDB(t)
	withGOMEMLIMIT := withEnv(env, "GOMEMLIMIT", "1GiB")
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
		want []int64 // the limits set, in order
	}{
		{"query, the default limit", env, []string{"query", "summary", "--format", "csv"}, []int64{256 << 20}},
		{"verify, 1GB", env, []string{"--memory-limit", "1GB", "verify"}, []int64{1_000_000_000}},
		{"verify, GINLOG_MEMORY_LIMIT=1GB", withEnv(env, "GINLOG_MEMORY_LIMIT", "1GB"), []string{"verify"}, []int64{1_000_000_000}},
		{"--memory-limit over GINLOG_MEMORY_LIMIT", withEnv(env, "GINLOG_MEMORY_LIMIT", "1GB"), []string{"--memory-limit", "2GiB", "verify"}, []int64{2 << 30}},
		{"sql, its own limit", env, []string{"sql", "SELECT 1", "--format", "csv"}, []int64{1_000_000_000}},
		{"sql, --memory-limit 2GiB", env, []string{"sql", "SELECT 1", "--memory-limit", "2GiB", "--format", "csv"}, []int64{2 << 30}},
		{"GOMEMLIMIT set", withGOMEMLIMIT, []string{"query", "summary", "--format", "csv"}, nil},
		{"melds opens no database", env, []string{"melds", "S4 C4 D4"}, nil},
		{"a bad limit", env, []string{"--memory-limit", "lots", "query", "summary"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []int64
			var out, errb strings.Builder
			a := &app{in: strings.NewReader(""), out: &out, err: &errb,
				getenv:         func(k string) string { return tc.env[k] },
				terminal:       func(io.Writer) bool { return false },
				setMemoryLimit: func(n int64) int64 { got = append(got, n); return n }}
			a.execute(context.Background(), tc.args)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Go memory limits set %v, want %v (stderr %q)", got, tc.want, errb.String())
			}
		})
	}
}

// withEnv is env with k set to v.
func withEnv(env map[string]string, k, v string) map[string]string {
	e := maps.Clone(env)
	e[k] = v
	return e
}
