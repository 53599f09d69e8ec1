package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestWrite writes over every kind of target: a new path and a regular
// file are written (atomically, with the permissions asked), anything else
// is refused and left as it was, and a failed write leaves nothing behind.
func TestWrite(t *testing.T) {
	for _, tc := range append([]target{
		{"new path", func(t *testing.T, dir, _ string) string { return filepath.Join(dir, "out.html") }, false},
		{"regular file", func(t *testing.T, dir, _ string) string {
			p := filepath.Join(dir, "out.html")
			// Other permissions than those asked: the write replaces them.
			if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			return p
		}, false},
	}, refusedTargets("out.html")...) {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			victim := filepath.Join(outside, "victim")
			mustWrite(t, victim, []byte("keep"))
			path := tc.setup(t, dir, outside)
			// A new path has no state before; every other target has one.
			before, lerr := os.Lstat(path)
			if tc.refused && lerr != nil {
				t.Fatal(lerr)
			}
			err := WriteFile(path, []byte("new"), 0o644)
			if tc.refused {
				if !errors.Is(err, ErrNotRegular) {
					t.Fatalf("WriteFile(%s) = %v, want ErrNotRegular", path, err)
				}
				after, err := os.Lstat(path)
				if err != nil || before.Mode() != after.Mode() {
					t.Errorf("the target changed: %v -> %v (%v)", before, after, err)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				b := mustRead(t, path)
				info, err := os.Stat(path)
				if err != nil {
					t.Fatal(err)
				}
				if string(b) != "new" || info.Mode().Perm() != 0o644 {
					t.Errorf("wrote %q with %v", b, info.Mode())
				}
			}
			if b := mustRead(t, victim); string(b) != "keep" {
				t.Errorf("the file outside was changed: %q", b)
			}
			if _, err := os.Stat(filepath.Join(outside, "created")); !errors.Is(err, fs.ErrNotExist) {
				t.Error("a file was created through the link")
			}
			entries, err := os.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if e.Name() != "out.html" {
					t.Errorf("%s left beside the target", e.Name())
				}
			}
		})
	}
}

func TestWriteFailureKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "w.json")
	mustWrite(t, p, []byte("old"))
	boom := errors.New("boom")
	err := Write(p, 0o644, func(w io.Writer) error {
		if _, err := w.Write([]byte("half")); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v", err)
	}
	if b := mustRead(t, p); string(b) != "old" {
		t.Errorf("the old file became %q", b)
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
		t.Errorf("%d files in the folder, want the old one only", len(entries))
	}
}

// TestWriteNew checks that WriteNew creates only new files: never over a
// file, never through a link.
func TestWriteNew(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	mustWrite(t, victim, []byte("keep"))
	mustLink(t, victim, filepath.Join(dir, "link.csv"))
	mustLink(t, filepath.Join(outside, "created"), filepath.Join(dir, "dangling.csv"))
	mustWrite(t, filepath.Join(dir, "old.csv"), []byte("old"))
	if err := mkfifo(filepath.Join(dir, "fifo.csv")); err != nil {
		testenv.Missing(t, "no named pipes: mkfifo: %v", err)
	}
	for _, tc := range []struct {
		name string
		want error // nil: written
	}{
		{"new.csv", nil},
		{"link.csv", ErrNotRegular},
		{"dangling.csv", ErrNotRegular},
		{"fifo.csv", ErrNotRegular},
		{"old.csv", fs.ErrExist},
	} {
		err := WriteNew(filepath.Join(dir, tc.name), []byte("new"), 0o644)
		if tc.want == nil && err != nil || !errors.Is(err, tc.want) {
			t.Errorf("WriteNew(%s) = %v, want %v", tc.name, err, tc.want)
		}
	}
	if b := mustRead(t, victim); string(b) != "keep" {
		t.Errorf("written through a link: %q", b)
	}
	if _, err := os.Stat(filepath.Join(outside, "created")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a file was created through a dangling link")
	}
	if b := mustRead(t, filepath.Join(dir, "old.csv")); string(b) != "old" {
		t.Errorf("an existing file was replaced: %q", b)
	}
}

// TestCreate opens every kind of target for writing: a new path and a
// regular file give a new file (one hard-linked elsewhere keeps its
// content there); a link, a named pipe (which would block an open for
// writing), a folder and a device are refused at once and left as they
// were.
func TestCreate(t *testing.T) {
	for _, tc := range append([]target{
		{"new path", func(t *testing.T, dir, _ string) string { return filepath.Join(dir, "1-A.stderr") }, false},
		{"regular file", func(t *testing.T, dir, _ string) string {
			p := filepath.Join(dir, "1-A.stderr")
			mustWrite(t, p, []byte("old and longer"))
			return p
		}, false},
		{"hard link to a file outside", func(t *testing.T, dir, outside string) string {
			p := filepath.Join(dir, "1-A.stderr")
			if err := os.Link(filepath.Join(outside, "victim"), p); err != nil {
				testenv.Missing(t, "no hard links here: %v", err)
			}
			return p
		}, false},
	}, refusedTargets("1-A.stderr")...) {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			victim := filepath.Join(outside, "victim")
			mustWrite(t, victim, []byte("keep"))
			path := tc.setup(t, dir, outside)
			before, _ := os.Lstat(path)
			type opened struct {
				f   *os.File
				err error
			}
			done := make(chan opened, 1)
			go func() {
				f, err := Create(path, 0o644)
				done <- opened{f, err}
			}()
			var got opened
			select {
			case got = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("Create(%s) still blocked after 10 s", path)
			}
			if tc.refused {
				if !errors.Is(got.err, ErrNotRegular) {
					t.Fatalf("Create(%s) = %v, want ErrNotRegular", path, got.err)
				}
				if after, err := os.Lstat(path); err != nil || before.Mode() != after.Mode() {
					t.Errorf("the target changed: %v -> %v (%v)", before, after, err)
				}
			} else {
				if got.err != nil {
					t.Fatal(got.err)
				}
				if _, err := got.f.WriteString("new"); err != nil {
					t.Fatal(err)
				}
				if err := got.f.Close(); err != nil {
					t.Fatal(err)
				}
				if b := mustRead(t, path); string(b) != "new" {
					t.Errorf("the file holds %q, want %q", b, "new")
				}
			}
			if b := mustRead(t, victim); string(b) != "keep" {
				t.Errorf("the file outside was changed: %q", b)
			}
			if _, err := os.Stat(filepath.Join(outside, "created")); !errors.Is(err, fs.ErrNotExist) {
				t.Error("a file was created through the link")
			}
		})
	}
}

// TestMakeDir checks every kind of target of a folder: a missing one is
// made, a folder or a link to one is taken, and anything else is refused
// with ErrNotFolder and left as it was.
func TestMakeDir(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, path, outside string)
		ok    bool
	}{
		{"missing", func(*testing.T, string, string) {}, true},
		{"folder", func(t *testing.T, path, _ string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"link to a folder", func(t *testing.T, path, outside string) { mustLink(t, outside, path) }, true},
		{"file", func(t *testing.T, path, _ string) { mustWrite(t, path, nil) }, false},
		{"link to a file", func(t *testing.T, path, outside string) { mustLink(t, filepath.Join(outside, "victim"), path) }, false},
		{"dangling link", func(t *testing.T, path, outside string) { mustLink(t, filepath.Join(outside, "created"), path) }, false},
		{"named pipe", func(t *testing.T, path, _ string) {
			if err := mkfifo(path); err != nil {
				testenv.Missing(t, "no named pipes: mkfifo: %v", err)
			}
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			mustWrite(t, filepath.Join(outside, "victim"), []byte("keep"))
			path := filepath.Join(dir, "stderr")
			tc.setup(t, path, outside)
			before, _ := os.Lstat(path)
			err := MakeDir(path)
			if tc.ok {
				if info, serr := os.Stat(path); err != nil || serr != nil || !info.IsDir() {
					t.Errorf("MakeDir = %v; then %v, %v", err, info, serr)
				}
				return
			}
			if !errors.Is(err, ErrNotFolder) {
				t.Errorf("MakeDir = %v, want ErrNotFolder", err)
			}
			if after, lerr := os.Lstat(path); lerr != nil || after.Mode() != before.Mode() {
				t.Errorf("the target changed: %v -> %v (%v)", before.Mode(), after, lerr)
			}
			if _, err := os.Lstat(filepath.Join(outside, "created")); !errors.Is(err, fs.ErrNotExist) {
				t.Error("a folder was made through a link")
			}
		})
	}
}

// TestMakeDirAtOnce: goroutines making the same folders at once all
// succeed. Before, one that found a folder missing and then, looking
// again, made by another, said it "is a folder, not a folder".
func TestMakeDirAtOnce(t *testing.T) {
	base := t.TempDir()
	for i := range 500 {
		dir := filepath.Join(base, fmt.Sprint(i))
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make(chan error, 16)
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs <- MakeDir(dir)
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("folder %d: %v", i, err)
			}
		}
	}
}

func TestEmptyDir(t *testing.T) {
	dir := t.TempDir()
	if err := EmptyDir(filepath.Join(dir, "a", "b")); err != nil {
		t.Errorf("missing folder: %v", err)
	}
	if err := EmptyDir(filepath.Join(dir, "a", "b")); err != nil {
		t.Errorf("empty folder: %v", err)
	}
	if err := EmptyDir(filepath.Join(dir, "a")); !errors.Is(err, ErrNotEmpty) {
		t.Errorf("folder with a folder: %v", err)
	}
	f := filepath.Join(dir, "file")
	mustWrite(t, f, nil)
	if err := EmptyDir(f); err == nil {
		t.Error("a file taken for an empty folder")
	}
}

// mustWrite writes a test's file.
// target is a kind of place to write: setup makes it in dir (outside holds
// the victim file a link may lead to) and returns its path; refused says
// whether a write there must be refused.
type target struct {
	name    string
	setup   func(t *testing.T, dir, outside string) string
	refused bool
}

// refusedTargets are the targets named name in dir that every writer
// refuses: links (to the victim outside, or leading nowhere), a named
// pipe, a folder, and a device.
func refusedTargets(name string) []target {
	at := func(dir string) string { return filepath.Join(dir, name) }
	return []target{
		{"link to a file outside", func(t *testing.T, dir, outside string) string {
			mustLink(t, filepath.Join(outside, "victim"), at(dir))
			return at(dir)
		}, true},
		{"dangling link", func(t *testing.T, dir, outside string) string {
			mustLink(t, filepath.Join(outside, "created"), at(dir))
			return at(dir)
		}, true},
		{"named pipe", func(t *testing.T, dir, _ string) string {
			if err := mkfifo(at(dir)); err != nil {
				testenv.Missing(t, "no named pipes: mkfifo: %v", err)
			}
			return at(dir)
		}, true},
		{"folder", func(t *testing.T, dir, _ string) string {
			if err := os.Mkdir(at(dir), 0o755); err != nil {
				t.Fatal(err)
			}
			return at(dir)
		}, true},
		{"device", func(t *testing.T, _, _ string) string { return os.DevNull }, true},
	}
}

func mustWrite(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mustRead reads a test's file.
func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mustLink makes a test's link.
func mustLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
