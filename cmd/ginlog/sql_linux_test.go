package main

import (
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestSQLMemoryIsBounded runs ginlog sql in a child process on a result of
// 50 million rows: the DuckDB driver holds a whole result before returning
// a row, so without the --max-rows LIMIT the child's peak memory grows
// with the result (about 900 MiB here); with it, it stays under 300 MiB.
// The peak is the child's own (VmHWM of the program it runs, which the
// child reports): its rusage's maxrss also counts the parent's memory it
// shared before the exec, which grows with the tests run before this one.
func TestSQLMemoryIsBounded(t *testing.T) {
	env := simDB(t, 2)
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GINLOG_DB="+env["GINLOG_DB"], "GINLOG_TEST_HWM=1",
		"GINLOG_TEST_ARGS="+strings.Join([]string{"sql", "SELECT range AS n FROM range(50000000)", "--format", "csv"}, "\t"))
	cmd.Stdout = io.Discard
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitRejected || !strings.Contains(stderr.String(), "the first 1000000 are shown") {
		t.Fatalf("exit %v, want %d: %s", err, exitRejected, stderr.String())
	}
	_, hwm, ok := strings.Cut(stderr.String(), "vmhwm: ")
	kib, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(hwm), "kB")))
	if !ok || err != nil {
		t.Fatalf("the child reported no peak: %s", stderr.String())
	}
	peak := kib >> 10 // KiB to MiB
	if peak > 300 {
		t.Errorf("peak memory %d MiB, want under 300", peak)
	}
	t.Logf("peak memory %d MiB", peak)
}
