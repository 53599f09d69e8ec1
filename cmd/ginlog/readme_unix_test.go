//go:build unix

package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestReadmeTour runs the README's tour as a newcomer would, line by line
// through sh, in a folder of its own that holds what a clone holds for it
// (bridge/, whose example framework and bot step 7 copies), with HOME
// there too (step 2 watches ~/Downloads): the liberties it takes are
// those of readme_test.go, the binary built from this module and fewer
// games. Step 7 compiles the example bot with GHC, before and after:
// without ghc it skips with a message, and fails under CI.
func TestReadmeTour(t *testing.T) {
	testenv.Long(t, "builds ginlog and runs the README's tour, GHC compiling its example bot twice")
	lines := readTour(t)
	root := testenv.Root(t)
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(home, "Downloads"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "bridge"), filepath.Join(dir, "bridge")); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "GINLOG_") {
			env = append(env, kv)
		}
	}
	for step := 0; step <= 7; step++ {
		ok := t.Run(fmt.Sprintf("step %d", step), func(t *testing.T) {
			if step == 7 {
				testenv.Tool(t, "ghc", "Debian package ghc")
			}
			start := time.Now()
			for _, l := range lines {
				if l.step == step {
					runTourLine(t, root, dir, env, l.text)
				}
			}
			t.Logf("step %d took %v", step, time.Since(start).Round(time.Millisecond))
		})
		if !ok {
			t.Fatalf("step %d failed: the steps after it need what it makes", step)
		}
	}
}

// runTourLine runs one line of the tour in dir, or fails the test with
// what it printed: the build line from the module's root, the watch line
// until it watches, any other through sh with fewer games.
func runTourLine(t *testing.T, root, dir string, env []string, line string) {
	t.Helper()
	start := time.Now()
	run := tourGamesFlag.ReplaceAllString(line, "--games "+tourGames)
	var cmd *exec.Cmd
	switch {
	case line == tourBuild:
		run = "go build -o " + filepath.Join(dir, "ginlog") + " ./cmd/ginlog"
		cmd = exec.Command("go", "build", "-o", filepath.Join(dir, "ginlog"), "./cmd/ginlog")
		cmd.Dir = root
	case strings.HasPrefix(line, tourWatch):
		runTourWatch(t, dir, env, line)
	default:
		cmd = exec.Command("sh", "-c", run)
		cmd.Dir, cmd.Env = dir, env
	}
	if cmd != nil {
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", run, err, out)
		}
	}
	t.Logf("%s: %v", run, time.Since(start).Round(time.Millisecond))
}

// runTourWatch runs the watch line, which watches until Ctrl-C: once it
// says it watches, it is interrupted, and must stop cleanly.
func runTourWatch(t *testing.T, dir string, env []string, line string) {
	t.Helper()
	cmd := exec.Command("sh", "-c", "exec "+line)
	cmd.Dir, cmd.Env = dir, env
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	stuck := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
	defer stuck.Stop()
	var out strings.Builder
	for sc := bufio.NewScanner(r); sc.Scan(); {
		fmt.Fprintln(&out, sc.Text())
		if strings.HasPrefix(sc.Text(), "watching ") {
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Error(err)
			}
		}
	}
	if err := cmd.Wait(); err != nil || !strings.Contains(out.String(), "stopped watching") {
		t.Fatalf("%s: %v, want it to watch and stop at Ctrl-C:\n%s", line, err, out.String())
	}
}
