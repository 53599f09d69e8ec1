//go:build unix

package ingest

import (
	"syscall"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// needFIFO makes a named pipe at path, or skips the test where the system
// cannot (and fails it under CI).
func needFIFO(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		testenv.Missing(t, "no named pipes here: mkfifo %s: %v", path, err)
	}
}
