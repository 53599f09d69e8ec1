package main

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestSQLMemoryIsBounded runs ginlog sql in a child process on a result of
// 50 million rows: the DuckDB driver holds a whole result before returning
// a row, so without the --max-rows LIMIT the child's peak memory grows
// with the result (about 900 MiB here); with it, it stays under 300 MiB.
func TestSQLMemoryIsBounded(t *testing.T) {
	env := simDB(t, 2)
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GINLOG_DB="+env["GINLOG_DB"],
		"GINLOG_TEST_ARGS="+strings.Join([]string{"sql", "SELECT range AS n FROM range(50000000)", "--format", "csv"}, "\t"))
	cmd.Stdout = io.Discard
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitRejected || !strings.Contains(stderr.String(), "the first 1000000 are shown") {
		t.Fatalf("exit %v, want %d: %s", err, exitRejected, stderr.String())
	}
	peak := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KiB to MiB
	if peak > 300 {
		t.Errorf("peak memory %d MiB, want under 300", peak)
	}
	t.Logf("peak memory %d MiB", peak)
}
