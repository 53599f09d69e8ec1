package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	gold "github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/panics"
	"github.com/spf13/cobra"
)

// result is what one in-process run of the command printed and returned.
type result struct {
	out, err string
	code     int
}

// runCmd runs ginlog in-process with the given arguments, as if piped (not
// a terminal), with GINLOG_* taken from env.
func runCmd(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{in: strings.NewReader(""), out: &out, err: &errb,
		getenv:   func(k string) string { return env[k] },
		terminal: func(io.Writer) bool { return false }}
	code := a.execute(context.Background(), args)
	return result{out.String(), errb.String(), code}
}

// runCmdTerminal is runCmd with stdout taken for a terminal.
func runCmdTerminal(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{in: strings.NewReader(""), out: &out, err: &errb,
		getenv:   func(k string) string { return env[k] },
		terminal: func(w io.Writer) bool { return w == &out }}
	code := a.execute(context.Background(), args)
	return result{out.String(), errb.String(), code}
}

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	gold.Check(t, filepath.Join("testdata", "golden", name), got)
}

// TestHelp runs --help on every command of the tree, cobra's help and
// completion commands included: each has a short text, a long one, and an
// example, which --help prints.
func TestHelp(t *testing.T) {
	root := newRootCmd(&app{getenv: func(string) string { return "" }})
	var walk func(c *cobra.Command)
	seen := map[string]bool{}
	walk = func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		name := strings.Join(append([]string{"ginlog"}, path...), " ")
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			r := runCmd(t, nil, append(path, "--help")...)
			if r.code != exitOK || !strings.Contains(r.out, "Usage:") {
				t.Fatalf("--help: exit %d\n%s%s", r.code, r.out, r.err)
			}
			if c.Short == "" || c.Long == "" {
				t.Error("no short or no long description")
			}
			if c.Example == "" || !strings.Contains(r.out, "Examples:\n"+c.Example) {
				t.Errorf("no example in --help:\n%s", r.out)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, want := range []string{"ginlog help", "ginlog completion", "ginlog completion bash", "ginlog bridge haskell", "ginlog sql"} {
		if !seen[want] {
			t.Errorf("the walk missed %s", want)
		}
	}
}

func TestRootHelpListsExitCodes(t *testing.T) {
	r := runCmd(t, nil, "--help")
	for _, code := range []string{"0 ", "1 ", "2 ", "3 ", "4 ", "5 ", "70 ", "130"} {
		if !strings.Contains(r.out, "\n  "+code) {
			t.Errorf("root help lacks exit code %q", code)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		name      string
		args      []string
		wantErr   string
		wantUsage bool
	}{
		{"unknown command", []string{"bogus"}, `ginlog: unknown command "bogus" for "ginlog"`, false},
		{"unknown flag", []string{"melds", "--bogus", "SA"}, "ginlog: unknown flag: --bogus", true},
		{"no hand", []string{"melds"}, "ginlog: accepts between 1 and 11 arg(s), received 0", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d", r.code, exitUsage)
			}
			if first, _, _ := strings.Cut(r.err, "\n"); first != tc.wantErr {
				t.Errorf("stderr %q, want %q first", r.err, tc.wantErr)
			}
			if got := strings.Contains(r.err, "Usage:"); got != tc.wantUsage {
				t.Errorf("usage printed: %v, want %v", got, tc.wantUsage)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	r := runCmd(t, nil, "--version")
	if r.code != 0 || !strings.HasPrefix(r.out, "ginlog version ") {
		t.Errorf("--version: %d %q", r.code, r.out)
	}
}

func TestCompletion(t *testing.T) {
	r := runCmd(t, nil, "completion", "bash")
	if r.code != 0 || !strings.Contains(r.out, "bash completion") {
		t.Errorf("completion bash: exit %d, %d bytes", r.code, len(r.out))
	}
}

// TestPanicIsAnInternalError: a panic, in a command or captured in one of
// its goroutines, exits 70 with its stack on stderr, never 2.
func TestPanicIsAnInternalError(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"in the command", func() error { panic("boom") }},
		{"captured in a goroutine", func() error {
			done := make(chan error)
			go func() {
				var err error
				defer func() { done <- err }()
				defer panics.Capture(&err)
				panic("boom")
			}()
			return <-done
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			a := &app{in: strings.NewReader(""), out: &out, err: &errb, getenv: func(string) string { return "" }}
			root := &cobra.Command{Use: "ginlog", SilenceErrors: true, SilenceUsage: true,
				RunE: func(*cobra.Command, []string) error { return tc.run() }}
			code := a.executeTree(context.Background(), root, nil)
			if code != exitInternal || !strings.HasPrefix(errb.String(), "ginlog: internal error, a bug: boom\nplease report it with this stack:\n") ||
				!strings.Contains(errb.String(), "main_test.go") {
				t.Errorf("exit %d, stderr:\n%s", code, errb.String())
			}
		})
	}
}
