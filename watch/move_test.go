package watch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testlogs"
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
	if err := moveFile(dir, src, dst); !errors.Is(err, fs.ErrExist) {
		t.Errorf("move over an existing file: %v", err)
	}
	if b, _ := os.ReadFile(dst); string(b) != "1,2\r\n" {
		t.Errorf("the file there was replaced: %q", b)
	}
	if ls, _ := os.ReadDir(filepath.Dir(dst)); len(ls) != 1 {
		t.Errorf("left beside it: %v", ls)
	}
}

// TestMoveNeverThroughLinks: a link among the folders under the folder to
// move files to is refused for the files that would go through it, which
// stay in place; the others move.
func TestMoveNeverThroughLinks(t *testing.T) {
	in, done, elsewhere := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(done, "sub")); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, done, in)
	testlogs.Copy(t, filepath.Join(in, "sub"), testlogs.Simple[1])
	testlogs.Copy(t, filepath.Join(in, "other"), testlogs.Simple[2])
	h.step(t, 0)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 1: 4 files, 2 new,") || !strings.HasSuffix(got, "moved 2 files\n") {
		t.Errorf("out %q", got)
	}
	if ls, _ := os.ReadDir(elsewhere); len(ls) != 0 {
		t.Errorf("moved through the link: %v", ls)
	}
	if ls, _ := os.ReadDir(filepath.Join(in, "sub")); len(ls) != 2 {
		t.Errorf("left in place: %v, want both files", ls)
	}
	if ls, _ := os.ReadDir(filepath.Join(done, "other")); len(ls) != 2 {
		t.Errorf("moved: %v, want both files", ls)
	}
	if want := filepath.Join(done, "sub") + " is a link: files are never moved through links"; strings.Count(h.err.String(), want) != 2 {
		t.Errorf("stderr %q, want %q twice", h.err, want)
	}
}

// TestMakeFolders: the folders on the way are made, and a link or a file
// among them, the top one included, is refused.
func TestMakeFolders(t *testing.T) {
	root := t.TempDir()
	top := filepath.Join(root, "top")
	os.Mkdir(top, 0o755)
	os.Mkdir(filepath.Join(root, "real"), 0o755)
	os.Symlink(filepath.Join(root, "real"), filepath.Join(top, "link"))
	os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "toplink"))
	os.WriteFile(filepath.Join(top, "file"), nil, 0o644)
	for _, tc := range []struct {
		name, top, dir string
		is             error
	}{
		{"the top itself", top, top, nil},
		{"new folders", top, filepath.Join(top, "a", "b"), nil},
		{"a link on the way", top, filepath.Join(top, "link", "x"), ErrLink},
		{"a link at the end", top, filepath.Join(top, "link"), ErrLink},
		{"the top a link", filepath.Join(root, "toplink"), filepath.Join(root, "toplink", "x"), ErrLink},
		{"a file on the way", top, filepath.Join(top, "file", "x"), ErrNotFolder},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := makeFolders(tc.top, tc.dir)
			if !errors.Is(err, tc.is) {
				t.Fatalf("error %v, want %v", err, tc.is)
			}
			if tc.is == nil {
				if info, err := os.Lstat(tc.dir); err != nil || !info.IsDir() {
					t.Errorf("not made: %v", err)
				}
			}
		})
	}
	if ls, _ := os.ReadDir(filepath.Join(root, "real")); len(ls) != 0 {
		t.Errorf("made through a link: %v", ls)
	}
}

// TestMoveVanished: files removed after their import, before their move,
// are said in one line, and the others move.
func TestMoveVanished(t *testing.T) {
	in, done := t.TempDir(), t.TempDir()
	h := newHarness(t, done, in)
	for i, g := range testlogs.Simple[1:4] {
		testlogs.Copy(t, filepath.Join(in, string(rune('a'+i))), g)
	}
	h.afterMove = func() {
		h.afterMove = nil
		for _, sub := range []string{"a", "b", "c"} {
			if ls, _ := os.ReadDir(filepath.Join(in, sub)); len(ls) == 2 {
				if err := os.RemoveAll(filepath.Join(in, sub)); err != nil {
					t.Error(err)
				}
				return
			}
		}
	}
	h.step(t, 0)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 1: 6 files, 3 new,") || !strings.HasSuffix(got, "moved 4 files\n") {
		t.Errorf("out %q", got)
	}
	if want := "10:00:01 2 files vanished after the import, before being moved\n"; h.err.String() != want {
		t.Errorf("stderr %q, want %q", h.err, want)
	}
}
