//go:build unix

package ingest

import (
	"io/fs"
	"syscall"
)

// fileID identifies a folder however it is reached: its device and inode.
type fileID struct{ dev, ino uint64 }

// idOf returns the identity of the folder at path, which info describes.
func idOf(_ string, info fs.FileInfo) (fileID, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), st.Ino}, true
}

// openFlags opens a log without blocking: a named pipe with no writer
// would otherwise hold the open forever.
const openFlags = syscall.O_NONBLOCK
