// Package testenv lets a test that needs something from outside the module
// (a program such as ghc, the ../shared data) skip with a message when it
// is absent, and fail instead when the environment variable CI is set: CI
// installs everything the tests need, so there a skip would hide a test
// that did not run. Long skips a long test under -short, the edit-test
// loop, and only there. GHC runs the Haskell compiler, keeping what it
// built for the next run with the same sources and flags.
//
// It also names the corpora of logs the tests run on: the bundled sample
// (testdata/sample, part of the module, so every test that needs logs
// runs on a fresh clone) and the real tournament logs of ../shared, an
// extra layer where they are present.
package testenv

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Missing skips the test with the message, or fails it under CI.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("CI is set, yet "+format, args...)
	}
	t.Skipf(format, args...)
}

// Long skips the test under -short, saying why it is long (thousands of
// games, GHC compiling a bot, a browser, processes killed mid-import):
// `go test -short ./...` is the edit-test loop, and leaves such a test to
// a plain run and to CI, which run without -short. Elsewhere it does
// nothing: a long test is never skipped for being long without -short.
func Long(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skip("long test, skipped under -short: " + why)
	}
}

// Tool returns the path of the program name, or calls Missing; pkg says
// where it comes from (a Debian package, the Go distribution).
func Tool(t testing.TB, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(t, "%s not installed (%s): %v", name, pkg, err)
	}
	return path
}

// Dir checks that the directory dir exists, or calls Missing.
func Dir(t testing.TB, dir string) {
	t.Helper()
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		Missing(t, "%s absent (%v): run from a checkout with ../shared beside it", dir, err)
	}
}

// Root returns the module's root folder: the nearest folder holding go.mod
// above the test's working directory (its package's folder).
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Shared returns the path of rel inside the ../shared folder beside the
// module (the real logs, the test vectors), or calls Missing when it is
// absent.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	path := filepath.Join(filepath.Dir(Root(t)), "shared", rel)
	if _, err := os.Stat(path); err != nil {
		Missing(t, "%s absent (%v): run from a checkout with ../shared beside it", path, err)
	}
	return path
}

// Corpus is a folder of logs the tests run on.
type Corpus struct {
	// Name is "sample", "reallogs" or "hearts": subtests and golden files are named
	// after it.
	Name   string
	rel    string // the folder, from the module's root or from ../shared
	shared bool
}

// The corpora.
var (
	// Sample is testdata/sample: 20 simulated games (testdata/sample.sh
	// makes them), part of the module, always present.
	Sample = Corpus{Name: "sample", rel: "testdata/sample"}
	// RealLogs is ../shared/reallogs: 8 games of the real tournament.
	RealLogs = Corpus{Name: "reallogs", rel: "reallogs", shared: true}
	// HeartsLogs is ../shared/hearts/logs: the real Hearts logs, 1,481
	// files of 8 repositories.
	HeartsLogs = Corpus{Name: "hearts", rel: "hearts/logs", shared: true}
)

// Corpora returns every Gin Rummy corpus: the sample first.
func Corpora() []Corpus { return []Corpus{Sample, RealLogs} }

// Dir returns the corpus's folder. The sample is part of the module and
// fails the test if absent; the real logs call Missing.
func (c Corpus) Dir(t testing.TB) string {
	t.Helper()
	if c.shared {
		return Shared(t, c.rel)
	}
	dir := filepath.Join(Root(t), c.rel)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("%s: the module's own test data is missing (%v)", dir, err)
	}
	return dir
}
