//go:build !unix

package ingest

import (
	"io/fs"
	"path/filepath"
)

// fileID identifies a folder however it is reached: without device and
// inode numbers, by its path with every link resolved.
type fileID struct{ path string }

// idOf returns the identity of the folder at path.
func idOf(path string, _ fs.FileInfo) (fileID, bool) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fileID{}, false
	}
	abs, err := filepath.Abs(real)
	return fileID{abs}, err == nil
}

// openFlags adds nothing where opening does not block.
const openFlags = 0
