package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingChild is the child of TestMissing: it calls Missing when
// GINLOG_TESTENV_CHILD is set, and does nothing otherwise.
func TestMissingChild(t *testing.T) {
	if os.Getenv("GINLOG_TESTENV_CHILD") == "" {
		return
	}
	Missing(t, "the thing is absent")
	t.Log("after Missing")
}

// TestMissing runs TestMissingChild in a child process: without CI it
// skips with the message, with CI it fails with it.
func TestMissing(t *testing.T) {
	for _, tc := range []struct {
		name, ci string
		fail     bool
		want     string
	}{
		{"without CI", "", false, "--- SKIP: TestMissingChild"},
		{"with CI", "1", true, "CI is set, yet the thing is absent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run", "^TestMissingChild$", "-test.v")
			cmd.Env = append(os.Environ(), "GINLOG_TESTENV_CHILD=1", "CI="+tc.ci)
			out, err := cmd.CombinedOutput()
			if failed := err != nil; failed != tc.fail {
				t.Errorf("child failed: %v (%v), want %v:\n%s", failed, err, tc.fail, out)
			}
			if !strings.Contains(string(out), tc.want) || !strings.Contains(string(out), "the thing is absent") || strings.Contains(string(out), "after Missing") {
				t.Errorf("child output lacks %q, or it went on after Missing:\n%s", tc.want, out)
			}
		})
	}
}

// TestLongChild is the child of TestLong: it calls Long when
// GINLOG_TESTENV_CHILD is set, and does nothing otherwise.
func TestLongChild(t *testing.T) {
	if os.Getenv("GINLOG_TESTENV_CHILD") == "" {
		return
	}
	Long(t, "plays many games")
	t.Log("after Long")
}

// TestLong runs TestLongChild in a child process: with -short it skips
// with the reason, without it runs on, with CI set or not.
func TestLong(t *testing.T) {
	for _, tc := range []struct {
		name, short, ci string
		want, wantNot   string
	}{
		{"-short", "true", "", "--- SKIP: TestLongChild", "after Long"},
		{"-short with CI", "true", "1", "--- SKIP: TestLongChild", "after Long"},
		{"plain", "false", "", "after Long", "skipped under -short"},
		{"plain with CI", "false", "1", "after Long", "skipped under -short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run", "^TestLongChild$", "-test.v", "-test.short="+tc.short)
			cmd.Env = append(os.Environ(), "GINLOG_TESTENV_CHILD=1", "CI="+tc.ci)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("child failed: %v\n%s", err, out)
			}
			if !strings.Contains(string(out), tc.want) || strings.Contains(string(out), tc.wantNot) {
				t.Errorf("child output lacks %q, or holds %q:\n%s", tc.want, tc.wantNot, out)
			}
			if tc.short == "true" && !strings.Contains(string(out), "long test, skipped under -short: plays many games") {
				t.Errorf("child output lacks the reason:\n%s", out)
			}
		})
	}
}

func TestCorpora(t *testing.T) {
	root := Root(t)
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("root %s: %v", root, err)
	}
	cs := Corpora()
	if len(cs) != 2 || cs[0] != Sample || cs[1] != RealLogs {
		t.Fatalf("corpora %v, want the sample then the real logs", cs)
	}
	for _, tc := range []struct {
		c    Corpus
		want string
	}{
		{Sample, filepath.Join(root, "testdata", "sample")},
		{RealLogs, filepath.Join(filepath.Dir(root), "shared", "reallogs")},
	} {
		t.Run(tc.c.Name, func(t *testing.T) {
			if dir := tc.c.Dir(t); dir != tc.want {
				t.Errorf("%s in %s, want %s", tc.c.Name, dir, tc.want)
			}
		})
	}
}

// TestGHCCache: a compilation is kept under the user's cache folder and
// given back for the same sources and flags in another folder, without
// compiling (the executable runs); other sources compile; a compilation
// that fails is not kept; with GINLOG_TEST_GHC_CACHE=off nothing is kept.
func TestGHCCache(t *testing.T) {
	Tool(t, "ghc", "Debian package ghc")
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("CI", "")
	t.Setenv("GINLOG_TEST_GHC_CACHE", "")
	kept := func() int {
		entries, _ := os.ReadDir(filepath.Join(cache, "ginlog", "test-ghc"))
		return len(entries)
	}
	build := func(src string) (string, []byte, error) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "Main.hs"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := GHC(t, dir, "-O0", "-outputdir", "build", "-o", "hello", "Main.hs")
		return filepath.Join(dir, "hello"), out, err
	}
	const hello = "main :: IO ()\nmain = putStrLn \"hello\"\n"
	for i, want := range []int{1, 1} {
		exe, out, err := build(hello)
		if err != nil {
			t.Fatalf("build %d: %v\n%s", i+1, err, out)
		}
		if got, err := exec.Command(exe).Output(); err != nil || string(got) != "hello\n" {
			t.Fatalf("build %d printed %q (%v)", i+1, got, err)
		}
		if kept() != want {
			t.Fatalf("after build %d, %d compilations kept, want %d", i+1, kept(), want)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(exe), "build")); (err == nil) != (i == 0) {
			t.Errorf("build %d: compiled is %v, want %v", i+1, err == nil, i == 0)
		}
	}
	if _, _, err := build("main :: IO ()\nmain = putStrLn 3\n"); err == nil {
		t.Fatal("a program that does not type-check compiled")
	}
	if kept() != 1 {
		t.Errorf("%d compilations kept after a failed one, want 1", kept())
	}
	t.Setenv("GINLOG_TEST_GHC_CACHE", "off")
	if _, out, err := build(hello + "-- another\n"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if kept() != 1 {
		t.Errorf("%d compilations kept with the cache off, want 1", kept())
	}
}
