//go:build unix

package external

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/gin/bots"
	"github.com/ginlog/ginlog/internal/testenv"
)

// TestKillsEscapedChildren: a child a bot started in a session of its own
// (setsid), out of the bot's process group, is killed and reaped once the
// bot is stopped, whether the match closed the bot or a timeout killed it.
func TestKillsEscapedChildren(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("only Linux has a child subreaper: elsewhere a child that left the bot's process group outlives it (docs/protocol.md)")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		testenv.Missing(t, "setsid(1) not installed (util-linux): %v", err)
	}
	for _, tc := range []struct {
		mode    string
		timeout time.Duration
	}{
		{"escape", 5 * time.Second},             // plays on; the match's end closes it
		{"escape-hang", 300 * time.Millisecond}, // hangs; the timeout kills it
	} {
		t.Run(tc.mode, func(t *testing.T) {
			dir := t.TempDir()
			pl, err := NewPool(Options{Command: []string{botPath, tc.mode}, Timeout: tc.timeout, StderrDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			p := pl.Player()
			if err := p.StartGame(0, 1700000000, 0); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 3))
			simple, err := bots.New("simple", rng)
			if err != nil {
				t.Fatal(err)
			}
			_, playErr := gin.PlayGame(gin.RandomDeals(rng), [2]gin.Player{p, simple})
			if err := p.EndGame(); err != nil {
				t.Fatal(err)
			}
			pl.Close()
			pid := escapedPid(t, filepath.Join(dir, "1700000000-A.stderr"))
			t.Cleanup(func() {
				if isEscapedSleep(pid) {
					syscall.Kill(pid, syscall.SIGKILL) // the test's own leftover, when it fails
				}
			})
			if (playErr != nil) != (tc.mode == "escape-hang") {
				t.Errorf("the game: %v", playErr)
			}
			// SIGKILL is delivered asynchronously: a moment at most.
			for i := 0; isEscapedSleep(pid); i++ {
				if i == 100 {
					t.Fatalf("the escaped child %d still runs 5 s after the match", pid)
				}
				time.Sleep(50 * time.Millisecond)
			}
			if left := strayChildren(t); len(left) > 0 {
				t.Errorf("processes left as children of the test, out of its process group: %v", left)
			}
		})
	}
}

// escapedPid reads the pid the bot wrote on stderr.
func escapedPid(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if s, ok := strings.CutPrefix(line, "escaped "); ok {
			pid, err := strconv.Atoi(s)
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
	}
	t.Fatalf("no pid in the bot's stderr: %q", b)
	return 0
}

// isEscapedSleep reports whether pid is a running "sleep 3600", or the
// "setsid sleep 3600" that becomes it (not a zombie, whose command line
// is empty, nor another process that took the pid since).
func isEscapedSleep(pid int) bool {
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return err == nil && bytes.HasSuffix(cmdline, []byte("sleep\x003600\x00"))
}

// strayChildren lists the children of this process, zombies included,
// that are not in its process group: what a bot left and ginlog did not
// kill and reap.
func strayChildren(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	self, group := os.Getpid(), syscall.Getpgrp()
	var out []string
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.LastIndexByte(b, ')')
		f := strings.Fields(string(b[i+1:])) // state, ppid, pgrp, ...
		if len(f) < 3 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		pgrp, _ := strconv.Atoi(f[2])
		if ppid == self && pgrp != group {
			out = append(out, fmt.Sprintf("%d %s (%s)", pid, b[:i+1], f[0]))
		}
	}
	return out
}
