package watch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestCopyFile: the move across file systems copies the file whole,
// removes the original, and never replaces a file that is there.
func TestCopyFile(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "a.csv"), filepath.Join(dir, "out", "a.csv")
	os.WriteFile(src, []byte("1,2\r\n"), 0o644)
	os.MkdirAll(filepath.Dir(dst), 0o755)
	if err := copyFile(src, dst); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(dst); err != nil || string(b) != "1,2\r\n" {
		t.Errorf("copied %q, %v", b, err)
	}
	if _, err := os.Stat(src); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the original is still there: %v", err)
	}
	os.WriteFile(src, []byte("other"), 0o644)
	if err := copyFile(src, dst); !errors.Is(err, fs.ErrExist) {
		t.Errorf("copy over an existing file: %v", err)
	}
	if err := moveFile(src, dst); !errors.Is(err, fs.ErrExist) {
		t.Errorf("move over an existing file: %v", err)
	}
	if b, _ := os.ReadFile(dst); string(b) != "1,2\r\n" {
		t.Errorf("the file there was replaced: %q", b)
	}
	if ls, _ := os.ReadDir(filepath.Dir(dst)); len(ls) != 1 {
		t.Errorf("left beside it: %v", ls)
	}
}
