// Package safefile writes the files ginlog produces (reports, weights,
// simulated logs) without following links out of where the user pointed
// and without replacing anything but a regular file: a link, named pipe,
// device or folder at the target is refused and left as it is.
//
// Write replaces a file whole: it writes a new temporary file beside the
// target (created exclusively, so never through a link), syncs it, and
// renames it into place, so that a reader sees the old file or the new
// one, never a part, and a failure leaves the old file untouched. WriteNew
// creates a file that must not exist yet, link or not. Create opens a file
// to be written as it goes (a bot's stderr), replacing a regular file.
//
// Every file ginlog writes goes through this package: a new one is always
// created exclusively (O_CREATE|O_EXCL), which never follows a link, even
// one that leads nowhere, and never opens a named pipe or a device.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrNotRegular reports a target that exists and is not a regular file.
var ErrNotRegular = errors.New("not a regular file: write to a new path or a regular file")

// ErrNotFolder reports a folder's path where something else is.
var ErrNotFolder = errors.New("not a folder")

// ErrNotEmpty reports a folder that already holds files.
var ErrNotEmpty = errors.New("the folder is not empty")

// Check returns nil if path does not exist or is a regular file (not a
// link to one), and an error wrapping ErrNotRegular otherwise.
func Check(path string) error {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !info.Mode().IsRegular():
		return fmt.Errorf("%s is %s, %w", path, Kind(info.Mode()), ErrNotRegular)
	}
	return nil
}

// Write writes the file at path with write, replacing a regular file that
// is there: write fills a temporary file beside path, which is then
// renamed over it. A target that is not a regular file is refused
// (ErrNotRegular). On error, path is as it was and the temporary file is
// removed.
func Write(path string, perm fs.FileMode, write func(io.Writer) error) (err error) {
	if err := Check(path); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// Checked again just before the rename: what replaced the file
	// meanwhile is refused too (rename itself would replace a link, never
	// write through it).
	if err := Check(path); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// WriteFile is Write with the file's bytes.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteNew creates the file at path with data, failing if anything is at
// path already, a link (even one that leads nowhere) included: the
// exclusive create never follows a link. A link, pipe, device or folder
// there gives an error wrapping ErrNotRegular, a regular file one wrapping
// fs.ErrExist.
func WriteNew(path string, data []byte, perm fs.FileMode) error {
	f, err := createNew(path, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}

// Create creates the file at path and returns it open for writing. A
// regular file there is removed first, so that the new one replaces it
// (and a hard link to it elsewhere keeps its content); anything else, a
// link (even one that leads nowhere), a named pipe, a device or a folder,
// is refused with an error wrapping ErrNotRegular and left as it is,
// never opened. The new file is created exclusively: whatever appears at
// path meanwhile is refused too, never followed.
func Create(path string, perm fs.FileMode) (*os.File, error) {
	if err := Check(path); err != nil {
		return nil, err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return createNew(path, perm)
}

// createNew creates the file at path exclusively, and says what is there
// when something is.
func createNew(path string, perm fs.FileMode) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if errors.Is(err, fs.ErrExist) {
		if cerr := Check(path); cerr != nil {
			return nil, cerr
		}
		return nil, fmt.Errorf("%s exists already: %w", path, fs.ErrExist)
	}
	return f, err
}

// MakeDir creates the folder dir, and its parents, if it is missing, and
// returns an error wrapping ErrNotFolder if something else is there: a
// file, a pipe, a link to one or a link that leads nowhere. A link to a
// folder is followed: the user named it; what is never followed is a link
// at the name of a file written inside (Create, Write, WriteNew). Several
// goroutines or processes may make the same folder at once.
func MakeDir(dir string) error {
	info, err := os.Stat(dir)
	switch {
	case err == nil && info.IsDir():
		return nil
	case err == nil || errors.Is(err, fs.ErrNotExist):
		linfo, lerr := os.Lstat(dir)
		switch {
		case lerr == nil && linfo.IsDir():
			return nil // made since the Stat, by another writer of the same folder
		case lerr == nil && linfo.Mode()&fs.ModeSymlink != 0 && err != nil:
			return fmt.Errorf("%s is a symbolic link that leads nowhere, %w", dir, ErrNotFolder)
		case lerr == nil && linfo.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s is a symbolic link to %s, %w", dir, Kind(info.Mode()), ErrNotFolder)
		case lerr == nil:
			return fmt.Errorf("%s is %s, %w", dir, Kind(linfo.Mode()), ErrNotFolder)
		}
	}
	return os.MkdirAll(dir, 0o755)
}

// EmptyDir creates the folder dir if it is missing (MakeDir) and returns
// an error wrapping ErrNotEmpty if it holds anything.
func EmptyDir(dir string) error {
	if err := MakeDir(dir); err != nil {
		return err
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	if len(names) > 0 {
		return fmt.Errorf("%s holds %s: %w", dir, names[0], ErrNotEmpty)
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// Kind names a file's type for a message: "a file", "a symbolic link",
// "a folder", "a named pipe", "a socket", "a character device", "a device"
// or "a special file".
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a file"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
