package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	gold "github.com/ginlog/ginlog/internal/golden"
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
		getenv:   envOf(env),
		terminal: func(io.Writer) bool { return false }}
	code := a.execute(context.Background(), args)
	return result{out.String(), errb.String(), code}
}

// runCmdTerminal is runCmd with stdout taken for a terminal.
func runCmdTerminal(t *testing.T, env map[string]string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{in: strings.NewReader(""), out: &out, err: &errb,
		getenv:   envOf(env),
		terminal: func(w io.Writer) bool { return w == &out }}
	code := a.execute(context.Background(), args)
	return result{out.String(), errb.String(), code}
}

// envOf is the environment of an in-process run: GINLOG_* taken from env,
// and DuckDB on one thread (GINLOG_THREADS=1) unless env names the
// threads: go test runs two test binaries at once on two cores, and the
// tests' databases of a few hundred games gain nothing from a second
// thread but the cost of handing work between them.
func envOf(env map[string]string) func(string) string {
	return func(k string) string {
		if v, ok := env[k]; ok || k != threadsEnv {
			return v
		}
		return "1"
	}
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
		name    string
		args    []string
		wantErr string
	}{
		{"unknown command", []string{"bogus"}, `ginlog: bogus: unknown command; see ginlog --help`},
		{"unknown flag", []string{"melds", "--bogus", "SA"}, "ginlog: --bogus: unknown flag; see ginlog melds --help"},
		{"no hand", []string{"melds"}, "ginlog: melds: want 1 to 11 arguments, got 0; see ginlog melds --help"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d", r.code, exitUsage)
			}
			if r.err != tc.wantErr+"\n" {
				t.Errorf("stderr %q, want %q alone", r.err, tc.wantErr)
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

func TestVersionOf(t *testing.T) {
	vcs := func(settings ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(settings); i += 2 {
			out = append(out, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return out
	}
	const rev = "0123456789abcdef0123456789abcdef01234567"
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build info", nil, "devel"},
		{"go install module@version", &debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{"go test", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{"go build in a clean checkout", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs", "git", "vcs.revision", rev, "vcs.time", "2026-11-23T15:04:05Z", "vcs.modified", "false")},
			"devel (revision 0123456789ab, 2026-11-23T15:04:05Z)"},
		{"go build with changes", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", rev, "vcs.time", "2026-11-23T15:04:05Z", "vcs.modified", "true")},
			"devel (revision 0123456789ab, modified, 2026-11-23T15:04:05Z)"},
		{"pseudo-version with revision", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261123150405-0123456789ab+dirty"},
			Settings: vcs("vcs.revision", rev, "vcs.modified", "true")},
			"v0.0.0-20261123150405-0123456789ab+dirty (revision 0123456789ab, modified)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionOf(tc.bi); got != tc.want {
				t.Errorf("versionOf = %q, want %q", got, tc.want)
			}
		})
	}
}
