// Package golden compares rendered output with golden files, and rewrites
// them when the tests run with -update (check the diff before committing).
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Updating reports whether the tests run with -update: a test that
// rewrites part of a file (a generated section of a document) does so then.
func Updating() bool { return *update }

// Check compares got with the file at path, or writes it with -update.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		// Tests only, with -update, into the repository's testdata: not
		// a file ginlog writes for its users, so not through safefile.
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test -update after checking):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
