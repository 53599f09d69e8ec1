//go:build unix

package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWatchStopsOnSIGTERM: a watch in its own process, sent SIGTERM, stops
// cleanly with exit status 0.
func TestWatchStopsOnSIGTERM(t *testing.T) {
	in := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GINLOG_DB="+filepath.Join(t.TempDir(), "g.duckdb"),
		"GINLOG_TEST_ARGS="+strings.Join([]string{"watch", in, "--interval", "50ms"}, "\t"))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), "watching ") {
		cmd.Process.Kill()
		t.Fatalf("the watch says %q", sc.Text())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest []string
	for sc.Scan() {
		rest = append(rest, sc.Text())
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	if code := cmd.ProcessState.ExitCode(); code != exitOK || strings.Join(rest, "\n") != "stopped watching" {
		t.Errorf("exit %d, then stderr %q", code, rest)
	}
}
