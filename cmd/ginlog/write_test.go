package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestOutRefusesSpecialFiles points report --out and fit --out at every
// kind of target: a new path and a regular file are written whole; a link
// (to a file outside, or leading nowhere), a named pipe, a device and a
// folder are refused with exit 2 and left as they were, and nothing is
// written through them.
func TestOutRefusesSpecialFiles(t *testing.T) {
	env := simDB(t, 20)
	for _, cmd := range []string{"report", "fit"} {
		for _, tc := range []struct {
			name  string
			setup func(t *testing.T, dir, outside string) string
			ok    bool
		}{
			{"new path", func(t *testing.T, dir, _ string) string { return filepath.Join(dir, "out") }, true},
			{"regular file", func(t *testing.T, dir, _ string) string {
				p := filepath.Join(dir, "out")
				writeFile(t, p, []byte("old"))
				return p
			}, true},
			{"link outside", func(t *testing.T, dir, outside string) string {
				p := filepath.Join(dir, "out")
				symlink(t, filepath.Join(outside, "victim"), p)
				return p
			}, false},
			{"dangling link", func(t *testing.T, dir, outside string) string {
				p := filepath.Join(dir, "out")
				symlink(t, filepath.Join(outside, "created"), p)
				return p
			}, false},
			{"named pipe", func(t *testing.T, dir, _ string) string {
				p := filepath.Join(dir, "out")
				if err := mkfifo(p); err != nil {
					testenv.Missing(t, "no named pipes: mkfifo: %v", err)
				}
				return p
			}, false},
			{"device", func(t *testing.T, _, _ string) string { return os.DevNull }, false},
			{"folder", func(t *testing.T, dir, _ string) string { return dir }, false},
		} {
			t.Run(cmd+"/"+tc.name, func(t *testing.T) {
				if cmd == "fit" && tc.ok {
					testenv.Long(t, "fits the games to write them; the refusals, which come before the fit, are tried under -short")
				}
				dir, outside := t.TempDir(), t.TempDir()
				victim := filepath.Join(outside, "victim")
				writeFile(t, victim, []byte("keep"))
				out := tc.setup(t, dir, outside)
				r := runCmd(t, env, cmd, "--who", "both", "--out", out)
				if tc.ok {
					b := readFile(t, out)
					if r.code != exitOK || len(b) < 100 {
						t.Fatalf("exit %d, %d bytes written: %s", r.code, len(b), r.err)
					}
				} else if r.code != exitUsage || !strings.Contains(r.err, "not a regular file") {
					t.Fatalf("exit %d, want %d: %s", r.code, exitUsage, r.err)
				}
				if b := readFile(t, victim); string(b) != "keep" {
					t.Errorf("written through a link: %q", b)
				}
				if _, err := os.Stat(filepath.Join(outside, "created")); err == nil {
					t.Error("a file was created through a dangling link")
				}
				entries, err := os.ReadDir(dir)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range entries {
					if e.Name() != "out" {
						t.Errorf("%s left beside the target", e.Name())
					}
				}
			})
		}
	}
}

// TestSimulateOut checks that simulate writes only into an empty folder
// unless --force, replaces regular files with --force, and never writes
// through a link.
func TestSimulateOut(t *testing.T) {
	args := func(out string, extra ...string) []string {
		return append([]string{"simulate", "--games", "2", "--seed", "3", "--out", out}, extra...)
	}
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	if r := runCmd(t, nil, args(logs)...); r.code != exitOK {
		t.Fatalf("into a new folder: exit %d: %s", r.code, r.err)
	}
	first := filepath.Join(logs, "1702000000.csv") // seed 3's first game: 1700000000 + 2 × 1000000
	writeFile(t, first, []byte("edited"))
	if r := runCmd(t, nil, args(logs)...); r.code != exitUsage || !strings.Contains(r.err, "--force") {
		t.Errorf("into a folder with logs: exit %d: %s", r.code, r.err)
	}
	if b := readFile(t, first); string(b) != "edited" {
		t.Error("a log was overwritten without --force")
	}
	if r := runCmd(t, nil, args(logs, "--force")...); r.code != exitOK {
		t.Fatalf("--force: exit %d: %s", r.code, r.err)
	}
	if b := readFile(t, first); string(b) == "edited" {
		t.Error("--force did not replace the log")
	}

	outside := filepath.Join(t.TempDir(), "victim.csv")
	writeFile(t, outside, []byte("keep"))
	linked := filepath.Join(dir, "linked")
	if err := os.Mkdir(linked, 0o755); err != nil {
		t.Fatal(err)
	}
	symlink(t, outside, filepath.Join(linked, "1702000001-score.csv"))
	for _, extra := range [][]string{nil, {"--force"}} {
		if r := runCmd(t, nil, args(linked, extra...)...); r.code == exitOK {
			t.Errorf("%v: a link in the folder was accepted", extra)
		}
	}
	if b := readFile(t, outside); string(b) != "keep" {
		t.Errorf("written through a link: %q", b)
	}
}

// TestSimulateBounds checks that --games allocates nothing in proportion
// up front (a match of 200 billion games starts, then stops when
// interrupted) and that --workers is checked and capped.
func TestSimulateBounds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb strings.Builder
	a := &app{in: strings.NewReader(""), out: &out, err: &errb, getenv: func(string) string { return "" }}
	if code := a.execute(ctx, []string{"simulate", "--games", "200000000000", "--no-logs"}); code != exitInterrupted {
		t.Errorf("200 billion games, interrupted: exit %d: %s", code, errb.String())
	}
	if r := runCmd(t, nil, "simulate", "--games", "4", "--workers", "1000000000", "--no-logs"); r.code != exitOK {
		t.Errorf("a billion workers: exit %d: %s", r.code, r.err)
	}
	if r := runCmd(t, nil, "simulate", "--games", "4", "--workers", "-1", "--no-logs"); r.code != exitUsage {
		t.Errorf("negative workers: exit %d: %s", r.code, r.err)
	}
	if r := runCmd(t, nil, "simulate", "--games", "4", "--start", "253402300799", "--no-logs"); r.code != exitUsage || !strings.Contains(r.err, "--start") {
		t.Errorf("timestamps past 9999: exit %d: %s", r.code, r.err)
	}
}
