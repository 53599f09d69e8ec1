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
