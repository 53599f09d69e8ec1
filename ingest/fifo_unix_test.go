//go:build unix

package ingest

import (
	"os"
	"syscall"
	"testing"
)

// needFIFO makes a named pipe at path, or skips the test where the system
// cannot (and fails it under CI).
func needFIFO(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("mkfifo %s: %v", path, err)
		}
		t.Skipf("no named pipes here: %v", err)
	}
}
