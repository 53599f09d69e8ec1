package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/spf13/cobra"
)

// TestMain lets bench ingest run this test binary as its child process:
// with GINLOG_BENCH_AS_MAIN set, the binary is ginlog-bench.
func TestMain(m *testing.M) {
	if os.Getenv("GINLOG_BENCH_AS_MAIN") != "" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

type result struct {
	out, err string
	code     int
}

func runCmd(t *testing.T, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{out: &out, err: &errb, self: os.Executable}
	code := a.execute(context.Background(), newRootCmd(a), args)
	return result{out.String(), errb.String(), code}
}

func TestHelp(t *testing.T) {
	root := newRootCmd(&app{})
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		t.Run(strings.Join(append([]string{"ginlog-bench"}, path...), " "), func(t *testing.T) {
			r := runCmd(t, append(path, "--help")...)
			if r.code != exitOK || !strings.Contains(r.out, "Usage:") {
				t.Fatalf("--help: exit %d\n%s%s", r.code, r.out, r.err)
			}
			if c.Short == "" {
				t.Error("no short description")
			}
			if c.Example == "" && c.Name() != "help" && c.Name() != "completion" && c.Parent() != nil && c.Parent().Name() != "completion" {
				t.Error("no example")
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	r := runCmd(t, "--help")
	for _, code := range []string{"0 ", "1 ", "2 ", "70 ", "130"} {
		if !strings.Contains(r.out, "\n  "+code) {
			t.Errorf("root help lacks exit code %q", code)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{"bogus"}, `ginlog-bench: unknown command "bogus" for "ginlog-bench"`},
		{"bad size", []string{"ingest", "--sizes", "10,x"}, `ginlog-bench: --sizes: "x" is not a number of games`},
		{"bad players", []string{"verify", "--players", "simple"}, `ginlog-bench: --players: want two names separated by a comma, got "simple"`},
		{"unknown player", []string{"verify", "--players", "simple,deep"}, `ginlog-bench: --players: no player "deep"`},
		{"bad games", []string{"queries", "--games", "0"}, `ginlog-bench: --games: want at least 1, got 0`},
		{"unknown engine", []string{"one", "--engine", "sqlite", "--db", "x.duckdb", "corpus"}, `ginlog-bench: unknown engine "sqlite": want read_csv or ginlog`},
		{"unknown flag", []string{"verify", "--bogus"}, "ginlog-bench: unknown flag: --bogus"},
		{"decreasing steps", []string{"scale", "--steps", "300,100"}, `ginlog-bench: --steps: want increasing numbers of games, got "300,100"`},
		{"a step of no games", []string{"scale", "--steps", "0"}, `ginlog-bench: --steps: want increasing numbers of games, got "0"`},
		{"no such ginlog", []string{"scale", "--steps", "10", "--ginlog", "/nonexistent/ginlog"}, "ginlog-bench: --ginlog: stat /nonexistent/ginlog"},
		{"a corpus without --out", []string{"corpus", "--games", "3"}, "ginlog-bench: --out DIR is required"},
		{"a corpus of no games", []string{"corpus", "--games", "0", "--out", "x"}, "ginlog-bench: --games: want at least 1, got 0"},
		{"a corpus numbered below 0", []string{"corpus", "--first", "-1", "--out", "x"}, "ginlog-bench: --first: want 0 or more, got -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.args...)
			if r.code != exitUsage || !strings.HasPrefix(r.err, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", r.code, r.err, exitUsage, tc.want)
			}
		})
	}
}

func TestVerify(t *testing.T) {
	r := runCmd(t, "verify", "--games", "20", "--work", t.TempDir())
	want := regexp.MustCompile(`^verified 20 games \([0-9]+ rounds\) in [0-9.]+ s \([0-9.]+ CPU s\): [0-9]+ games/s; 0 violations\n$`)
	if r.code != exitOK || !want.MatchString(r.out) {
		t.Errorf("exit %d:\n%s%s", r.code, r.out, r.err)
	}
}

func TestQueries(t *testing.T) {
	r := runCmd(t, "queries", "--games", "20", "--format", "csv")
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	if r.code != exitOK || len(lines) != 10 || !regexp.MustCompile(`^20 games, [0-9]+ plays$`).MatchString(lines[0]) ||
		lines[1] != "query,rows,seconds,x full scan" || !strings.HasPrefix(lines[3], "summary,2,") {
		t.Errorf("exit %d:\n%s%s", r.code, r.out, r.err)
	}
}

// TestCorpus writes a corpus twice, numbered apart: each game is a pair of
// files named after its number, the two corpora share no game, and a
// folder that holds files is refused.
func TestCorpus(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, first string
		want        []string
	}{
		{"from 0", "0", []string{"1600000000-score.csv", "1600000000.csv", "1600000001-score.csv", "1600000001.csv", "1600000002-score.csv", "1600000002.csv"}},
		{"from 1,000,000", "1000000", []string{"1601000000-score.csv", "1601000000.csv", "1601000001-score.csv", "1601000001.csv", "1601000002-score.csv", "1601000002.csv"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.first)
			r := runCmd(t, "corpus", "--games", "3", "--first", tc.first, "--out", out)
			if r.code != exitOK || r.out != "wrote 3 games into "+out+"\n" {
				t.Fatalf("exit %d:\n%s%s", r.code, r.out, r.err)
			}
			entries, err := os.ReadDir(out)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("files %q, want %q", got, tc.want)
			}
			if r := runCmd(t, "corpus", "--games", "3", "--first", tc.first, "--out", out); r.code != exitUsage || !strings.Contains(r.err, "is not empty") {
				t.Errorf("into a folder with files: exit %d, stderr %q", r.code, r.err)
			}
		})
	}
	a, err := os.ReadFile(filepath.Join(dir, "0", "1600000001.csv"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "1000000", "1601000001.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, b) {
		t.Error("the corpora numbered apart hold the same game")
	}
}

// TestIngest runs both engines as child processes: this test binary, acting
// as ginlog-bench.
func TestIngest(t *testing.T) {
	t.Setenv("GINLOG_BENCH_AS_MAIN", "1")
	r := runCmd(t, "ingest", "--sizes", "10", "--format", "csv")
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	if r.code != exitOK || len(lines) != 2 || !strings.HasPrefix(lines[0], "games,plays,read_csv s,ginlog s,speedup") ||
		!regexp.MustCompile(`^10,[0-9]+,`).MatchString(lines[1]) {
		t.Errorf("exit %d:\n%s%s", r.code, r.out, r.err)
	}
}

// TestScale grows a database in two steps with the ginlog program, built
// for the test, and reads one row per command and step.
func TestScale(t *testing.T) {
	testenv.Long(t, "builds the ginlog program, then grows a database with it in two steps")
	goTool := testenv.Tool(t, "go", "the Go distribution")
	prog := filepath.Join(t.TempDir(), "ginlog")
	build := exec.Command(goTool, "build", "-o", prog, "./cmd/ginlog")
	build.Dir = testenv.Root(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build ginlog: %v\n%s", err, out)
	}
	r := runCmd(t, "scale", "--ginlog", prog, "--steps", "10,25", "--format", "csv")
	if r.code != exitOK {
		t.Fatalf("exit %d:\n%s%s", r.code, r.out, r.err)
	}
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	if lines[0] != "games,added,command,seconds,CPU s,games/s,x scan,peak MiB" {
		t.Fatalf("header %q", lines[0])
	}
	var got []string
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		got = append(got, strings.Join(f[:3], ","))
	}
	var want []string
	for _, step := range []string{"10,10,", "25,15,"} {
		want = append(want, step+"ingest", step+bench.ScanCommand)
		for _, q := range queries.ForGame(queries.GameGin) {
			want = append(want, step+"query "+q.Name)
		}
		want = append(want, step+"report", step+"fit")
	}
	if !slices.Equal(got, want) {
		t.Errorf("rows\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
