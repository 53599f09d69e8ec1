// Package testenv lets a test that needs something from outside the module
// (a program such as ghc, the ../shared data) skip with a message when it
// is absent, and fail instead when the environment variable CI is set: CI
// installs everything the tests need, so there a skip would hide a test
// that did not run.
package testenv

import (
	"os"
	"os/exec"
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
