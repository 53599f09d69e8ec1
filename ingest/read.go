package ingest

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/logfile"
)

// MaxTimestamp is the largest <timestamp> of a log's name: 9999-12-31
// 23:59:59 UTC in Unix seconds.
const MaxTimestamp = 253402300799

// MaxFileBytes is the largest log file read, on disk or inside a zip
// archive (where the limit applies to the decompressed size, so that an
// archive that inflates past it is rejected without inflating it). A real
// turn file is under 30 KiB.
const MaxFileBytes = 16 << 20

// readFile reads a log file from disk: a regular file of at most
// MaxFileBytes, opened without blocking, so that a named pipe is refused
// instead of waiting for a writer, and a device such as /dev/zero is
// refused instead of read forever.
func readFile(path string) ([]byte, error) {
	file, info, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if info.Size() > MaxFileBytes {
		return nil, tooLarge(info.Size())
	}
	return readLimited(file, info.Size())
}

// openRegular opens path for reading if it is a regular file.
func openRegular(path string) (*os.File, fs.FileInfo, error) {
	file, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		file.Close()
		return nil, nil, &readError{code: CodeNotRegular, msg: "not a regular file but " + safefile.Kind(info.Mode()) + ": not read"}
	}
	return file, info, nil
}

// readEntry reads a log file inside an archive, at most MaxFileBytes of it
// decompressed.
func readEntry(zf *zip.File) ([]byte, error) {
	if zf.UncompressedSize64 > MaxFileBytes {
		return nil, tooLarge(int64(min(zf.UncompressedSize64, 1<<62)))
	}
	r, err := zf.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return readLimited(r, int64(zf.UncompressedSize64))
}

// readLimited reads r to its end, failing past MaxFileBytes. size is
// what r is expected to hold: the buffer is made that large at once (and
// one byte more, to see the end without growing it), up to
// firstBufferBytes (an archive's entry may claim any size up to the
// limit), and grows if r holds more.
func readLimited(r io.Reader, size int64) ([]byte, error) {
	r = io.LimitReader(r, MaxFileBytes+1)
	b := make([]byte, 0, min(max(size, 0), firstBufferBytes)+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if len(b) > MaxFileBytes {
			return nil, tooLarge(-1)
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// firstBufferBytes bounds the buffer a file is first read into: 32 times
// a real turn file.
const firstBufferBytes = 1 << 20

func tooLarge(size int64) error {
	if size < 0 {
		return &readError{code: CodeTooLarge, msg: fmt.Sprintf("larger than %d bytes, the most a log file may hold", MaxFileBytes)}
	}
	return &readError{code: CodeTooLarge, msg: fmt.Sprintf("%d bytes, more than the %d a log file may hold", size, MaxFileBytes)}
}

// readError is a file that was not read, with its defect code.
type readError struct {
	code, msg string
}

func (e *readError) Error() string { return e.msg }

// readFailure turns an error reading name into a located error: its own
// code for a readError, unreadable otherwise.
func readFailure(name string, err error) *logfile.FileError {
	var re *readError
	if errors.As(err, &re) {
		return &logfile.FileError{File: name, Code: re.code, Msg: re.msg}
	}
	return &logfile.FileError{File: name, Code: logfile.CodeUnreadable, Msg: errorText(err)}
}

// errorText is an error's message without the path it repeats, shown
// with escapes where it is not valid UTF-8.
func errorText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return display(err.Error())
}
