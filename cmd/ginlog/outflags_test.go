package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// outputFlag is a flag that names where a command writes, with a command
// line that writes there, for TestOutputFlagsRefuseLinks.
type outputFlag struct {
	flag   string // the command's path and the flag: "ginlog simulate --out"
	folder bool   // the flag names a folder, which the command writes files into
	// inside are files the command writes: for a folder, relative to it;
	// for a file, beside it, named by adding to its path (--db: ".wal").
	inside []string
	args   func(t *testing.T, fx *outFixtures, value string) []string
	env    func(t *testing.T, fx *outFixtures, value string) map[string]string
	// beside: the command writes beside a file planted inside, under
	// another name, instead of failing (watch --move-to numbers copies).
	beside bool
	run    func(t *testing.T, env map[string]string, args []string) result // nil: runCmd
}

// outputFlags lists every flag of the tree that names an output path. A
// new one must be added here, or to notOutputs if it names none:
// TestOutputFlagsRefuseLinks fails on a string flag found in neither.
var outputFlags = []outputFlag{
	{flag: "ginlog bridge haskell --out",
		args: func(_ *testing.T, _ *outFixtures, v string) []string {
			return []string{"bridge", "haskell", "--out", v}
		}},
	{flag: "ginlog fit --out",
		args: func(_ *testing.T, _ *outFixtures, v string) []string {
			return []string{"fit", "--who", "both", "--out", v}
		},
		env: func(t *testing.T, fx *outFixtures, _ string) map[string]string { return fx.db(t) }},
	{flag: "ginlog report --out",
		args: func(_ *testing.T, _ *outFixtures, v string) []string {
			return []string{"report", "--who", "both", "--out", v}
		},
		env: func(t *testing.T, fx *outFixtures, _ string) map[string]string { return fx.db(t) }},
	{flag: "ginlog simulate --out", folder: true, inside: []string{"1700000000.csv"},
		args: func(_ *testing.T, _ *outFixtures, v string) []string {
			return []string{"simulate", "-n", "1", "--out", v}
		}},
	{flag: "ginlog simulate --out", folder: true, inside: []string{"1700000000.csv", "1700000000-score.csv"},
		args: func(_ *testing.T, _ *outFixtures, v string) []string {
			return []string{"simulate", "-n", "1", "--out", v, "--force"}
		}},
	{flag: "ginlog simulate --out", folder: true, inside: []string{"1-simple/1700000000.csv"},
		args: func(_ *testing.T, _ *outFixtures, v string) []string {
			return []string{"simulate", "--game", "hearts", "--players", "simple,simple,simple,simple", "-n", "1", "--out", v, "--force"}
		}},
	{flag: "ginlog simulate --stderr-dir", folder: true, inside: []string{"1700000000-A.stderr"},
		args: func(t *testing.T, fx *outFixtures, v string) []string {
			return []string{"simulate", "-n", "1", "--no-logs", "--players", "exec:" + fx.bot(t) + " chatty,simple", "--stderr-dir", v}
		}},
	{flag: "ginlog retrace --stderr-dir", folder: true, inside: []string{fmt.Sprintf("%d-A.stderr", testlogs.Meldable[0])},
		args: func(t *testing.T, fx *outFixtures, v string) []string {
			return []string{"retrace", "--player", "exec:" + fx.bot(t) + " chatty", fx.logs(t), "--stderr-dir", v}
		}},
	{flag: "ginlog export --out", folder: true, inside: []string{"GinlogRollout.hs", "Player.hs"},
		args: func(_ *testing.T, _ *outFixtures, v string) []string {
			return []string{"export", "--weights", "default", "-f", "haskell", "--flavour", "fit2102", "--player", "rollout", "--out", v}
		}},
	{flag: "ginlog export-data --out", folder: true, inside: []string{"_manifest.json"},
		args: func(_ *testing.T, _ *outFixtures, v string) []string { return []string{"export-data", "--out", v} },
		env:  func(t *testing.T, fx *outFixtures, _ string) map[string]string { return fx.db(t) }},
	{flag: "ginlog watch --move-to", folder: true, inside: []string{fmt.Sprintf("%d.csv", testlogs.Meldable[0])}, beside: true,
		args: func(t *testing.T, _ *outFixtures, v string) []string {
			return []string{"watch", t.TempDir(), "--move-to", v, "--interval", "50ms", "--settle", "200ms"}
		},
		env: func(t *testing.T, _ *outFixtures, _ string) map[string]string {
			return map[string]string{"GINLOG_DB": testschema.Path(t)}
		},
		run: runWatchOnce},
	{flag: "ginlog --db", inside: []string{".wal"},
		args: func(t *testing.T, fx *outFixtures, v string) []string {
			return []string{"--db", v, "ingest", fx.logs(t)}
		}},
	{flag: "ginlog --db", inside: []string{".wal"},
		args: func(t *testing.T, fx *outFixtures, v string) []string {
			fx.copyDB(t, v)
			return []string{"--db", v, "export-data", "--out", filepath.Join(t.TempDir(), "ds")}
		}},
}

// notOutputs lists the string flags that name no output path, by name,
// with what they name.
var notOutputs = map[string]string{
	"as":           "the name of a merged Hearts player",
	"columns":      "the columns of a table",
	"compare":      "a player",
	"data":         "a dataset read, never written",
	"dialect":      "an SQL engine",
	"direction":    "the order of play of a Hearts retrace",
	"flavour":      "a form of the Haskell export",
	"forbid":       "a card",
	"format":       "an output format",
	"game":         "a game, gin or hearts",
	"id":           "a Hearts player's log id",
	"kind":         "a game, gin or hearts",
	"memory-limit": "an amount of memory",
	"merge":        "Hearts players",
	"metric":       "a value of a grid",
	"module":       "a Haskell module's name",
	"name":         "a module or package name",
	"opponent":     "a tag",
	"player":       "a player",
	"players":      "players",
	"set-opponent": "a tag",
	"set-source":   "a tag",
	"since":        "a date",
	"source":       "a tag",
	"unmerge":      "Hearts players",
	"until":        "a date",
	"weights":      "a weights file read, never written",
	"who":          "whose plays",
}

// outFixtures holds what the command lines need, made once by the test
// itself: a database of simulated games, the protocol's test bot, and a
// folder of one game's logs.
type outFixtures struct {
	env     map[string]string
	botPath string
	logDir  string
}

func newOutFixtures(t *testing.T) *outFixtures {
	logs := t.TempDir()
	testlogs.Copy(t, logs, testlogs.Meldable[0])
	return &outFixtures{env: simDB(t, 20), botPath: testBot(t), logDir: logs}
}

func (fx *outFixtures) db(*testing.T) map[string]string { return fx.env }
func (fx *outFixtures) bot(*testing.T) string           { return fx.botPath }
func (fx *outFixtures) logs(*testing.T) string          { return fx.logDir }

// copyDB copies the database to path, unless the case planted something
// there.
func (fx *outFixtures) copyDB(t *testing.T, path string) {
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return
	}
	writeFile(t, path, readFile(t, fx.env["GINLOG_DB"]))
}

// plant is a hostile thing put where a command writes.
type plant struct {
	name string
	make func(t *testing.T, path, outside string) bool // false: not possible here
}

var plants = []plant{
	{"link to a file outside", func(t *testing.T, path, outside string) bool {
		symlink(t, filepath.Join(outside, "victim"), path)
		return true
	}},
	{"dangling link", func(t *testing.T, path, outside string) bool {
		symlink(t, filepath.Join(outside, "created"), path)
		return true
	}},
	{"named pipe", func(t *testing.T, path, _ string) bool {
		return mkfifo(path) == nil
	}},
}

// TestOutputFlagsRefuseLinks walks the command tree: every string flag is
// an output flag of outputFlags or named in notOutputs, and every output
// flag is tried with a link to a file outside, a link leading nowhere and
// a named pipe where it writes (for a folder, at the folder and at a file
// it writes inside). The file outside is never written, nothing is created
// through a link, the planted thing is left as it was, and the command
// fails with one line naming it, or writes beside it.
func TestOutputFlagsRefuseLinks(t *testing.T) {
	byFlag := map[string][]outputFlag{}
	for _, of := range outputFlags {
		byFlag[of.flag] = append(byFlag[of.flag], of)
	}
	found := map[string]bool{}
	walkFlags(newRootCmd(&app{getenv: func(string) string { return "" }}), func(c *cobra.Command, f *pflag.Flag) {
		if !strings.HasPrefix(f.Value.Type(), "string") {
			return
		}
		key := c.CommandPath() + " --" + f.Name
		if _, ok := byFlag[key]; ok {
			found[key] = true
		} else if _, ok := notOutputs[f.Name]; !ok {
			t.Errorf("%s is in neither outputFlags nor notOutputs: if it names a path ginlog writes, add it to outputFlags with a command line", key)
		}
	})
	for key := range byFlag {
		if !found[key] {
			t.Errorf("%s is in outputFlags but not in the tree", key)
		}
	}
	fx := newOutFixtures(t)
	tried, passed := 0, 0
	for i, of := range outputFlags {
		// Where to plant: the flag's own path, then each file written.
		targets := []string{""}
		targets = append(targets, of.inside...)
		for _, in := range targets {
			for _, p := range plants {
				where := "itself"
				if in != "" {
					where = strings.ReplaceAll(in, "/", "_")
				}
				name := fmt.Sprintf("%d %s %s %s", i, of.flag, where, p.name)
				ran := false // not when -run leaves it out
				ok := t.Run(name, func(t *testing.T) {
					ran = true
					tryOutput(t, fx, of, in, p)
				})
				if ran {
					tried++
					if ok {
						passed++
					}
				}
			}
		}
	}
	t.Logf("%d hostile targets tried on %d command lines, %d passed", tried, len(outputFlags), passed)
}

// tryOutput runs one command line of of with p planted at in ("" for the
// flag's own path).
func tryOutput(t *testing.T, fx *outFixtures, of outputFlag, in string, p plant) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	writeFile(t, victim, []byte("keep"))
	value := filepath.Join(dir, "target")
	at := value
	switch {
	case in != "" && of.folder:
		at = filepath.Join(value, filepath.FromSlash(in))
		if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
			t.Fatal(err)
		}
	case in != "":
		at = value + in
	}
	if !p.make(t, at, outside) {
		t.Skipf("cannot make a %s here", p.name)
	}
	before, err := os.Lstat(at)
	if err != nil {
		t.Fatal(err)
	}
	var env map[string]string
	if of.env != nil {
		env = of.env(t, fx, value)
	}
	args := of.args(t, fx, value)
	var r result
	if of.run != nil {
		r = of.run(t, env, args)
	} else {
		r = runCmd(t, env, args...)
	}
	t.Logf("%v: exit %d: %s", args, r.code, r.err)
	switch {
	case of.beside && in != "":
		if r.code != exitOK {
			t.Errorf("exit %d, want it to write beside %s: %s", r.code, in, r.err)
		}
	case r.code == exitOK || r.code == exitInternal:
		t.Errorf("exit %d, want a refusal", r.code)
	case strings.Count(r.err, "\n") != 1 || !strings.HasPrefix(r.err, "ginlog: "):
		t.Errorf("stderr %q, want one line", r.err)
	case !strings.Contains(r.err, filepath.Base(at)):
		t.Errorf("stderr %q does not name %s", r.err, filepath.Base(at))
	}
	if b := readFile(t, victim); string(b) != "keep" {
		t.Errorf("the file outside was written through a link: %.60q", b)
	}
	if _, err := os.Lstat(filepath.Join(outside, "created")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a file was created through a link")
	}
	after, err := os.Lstat(at)
	if err != nil || after.Mode() != before.Mode() {
		t.Errorf("%s changed: %v -> %v (%v)", at, before.Mode(), after, err)
	}
}

// walkFlags calls fn with every flag defined on each command of the tree.
func walkFlags(c *cobra.Command, fn func(*cobra.Command, *pflag.Flag)) {
	c.LocalFlags().VisitAll(func(f *pflag.Flag) { fn(c, f) })
	for _, sub := range c.Commands() {
		walkFlags(sub, fn)
	}
}

// runWatchOnce runs a watch of the folder args[1], after putting a game's
// logs there, until they have moved or the watch ended, then stops it.
func runWatchOnce(t *testing.T, env map[string]string, args []string) result {
	t.Helper()
	in := args[1]
	staging := filepath.Join(t.TempDir(), "logs")
	testlogs.Copy(t, staging, testlogs.Meldable[0])
	var out, errb lockedBuffer
	a := &app{in: strings.NewReader(""), out: &out, err: &errb,
		getenv: envOf(env), terminal: func(io.Writer) bool { return false }}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exited := make(chan int, 1)
	go func() { exited <- a.execute(ctx, args) }()
	for _, name := range []string{fmt.Sprintf("%d.csv", testlogs.Meldable[0]), fmt.Sprintf("%d-score.csv", testlogs.Meldable[0])} {
		if err := os.Rename(filepath.Join(staging, name), filepath.Join(in, name)); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		select {
		case code := <-exited:
			return result{out.String(), errb.String(), code}
		default:
		}
		if ls, _ := os.ReadDir(in); len(ls) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the logs did not move within 3 minutes; stderr:\n%s", errb.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	code := <-exited
	// The watch's own lines are not a refusal: what matters is its exit.
	return result{out.String(), "", code}
}
