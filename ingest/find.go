package ingest

import (
	"archive/zip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ginlog/ginlog/internal/safefile"
)

// ErrNoSuchPath reports a command-line path that is neither a file, a
// directory nor a glob pattern matching anything.
var ErrNoSuchPath = errors.New("no such file, directory or matching pattern")

// Skip is a file found under a folder or in an archive but not read, and
// why. Every skipped file is named: none is only counted.
type Skip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// source is one log file: on disk, or inside a zip archive.
type source struct {
	name  string // the path shown in errors; archive.zip!inner/path inside a zip
	id    string // the same file, reached twice, has the same id; "" once paired
	entry int    // 1-based position in its archive; 0 on disk
	read  func() ([]byte, error)
}

// pair is one game's two files. Either may be missing.
type pair struct {
	key     string // directory and timestamp, and the copy number if any; "" once sorted
	ts      int64
	turns   *source
	scores  *source
	partner string // the name of the file that would complete a pair that lacks one
	// others are further files that name the same game's turn or score
	// file (two entries of an archive with one name, 1.csv beside 1.CSV):
	// the game is rejected rather than one of them silently chosen.
	others []*source
}

// found is what find gathers from the command-line paths.
type found struct {
	pairs   []*pair      // sorted by timestamp, then location
	bad     []*FileError // inputs rejected on their own, not as part of a game
	skipped []Skip
	closers []io.Closer // the archives opened
}

// close closes the archives opened.
func (fd *found) close() {
	for _, c := range fd.closers {
		c.Close()
	}
}

// finder collects the log files under the given paths and pairs them.
type finder struct {
	ctx context.Context
	found
	games   map[string]*game // by folder and timestamp
	folders map[fileID]bool  // folders walked, by device and inode
}

// find expands paths (files, folders walked recursively through links,
// glob patterns, and .zip archives whose files may sit at the top or in
// folders) into game pairs. A path that does not exist stops it
// (ErrNoSuchPath), as does cancellation; everything else that cannot be
// read becomes a located error for that file or folder only.
func find(ctx context.Context, paths []string) (*found, error) {
	f := &finder{ctx: ctx, games: map[string]*game{}, folders: map[fileID]bool{}}
	for _, p := range paths {
		if err := f.add(p); err != nil {
			f.close()
			return nil, err
		}
	}
	keys := make([]string, 0, len(f.games))
	for k := range f.games {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f.pairs = append(f.pairs, f.games[k].pairs(f.skip)...)
	}
	sort.Slice(f.pairs, func(i, j int) bool {
		if f.pairs[i].ts != f.pairs[j].ts {
			return f.pairs[i].ts < f.pairs[j].ts
		}
		return f.pairs[i].key < f.pairs[j].key
	})
	// The import holds the pairs to the end: keep only what reading them
	// needs, not the finder's maps, the files' identities or the pairs'
	// sort keys (about two thirds of what finding took).
	for _, p := range f.pairs {
		p.key = ""
		for _, s := range append([]*source{p.turns, p.scores}, p.others...) {
			if s != nil {
				s.id = ""
			}
		}
	}
	fd := f.found
	return &fd, nil
}

// add expands one command-line path.
func (f *finder) add(p string) error {
	info, err := os.Stat(p)
	if err != nil {
		if matches, gerr := filepath.Glob(p); gerr == nil && len(matches) > 0 {
			for _, m := range matches {
				if err := f.addPath(m, true); err != nil {
					return err
				}
			}
			return nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", display(p), ErrNoSuchPath)
		}
		f.fail(p, CodeUnreadable, errorText(err))
		return nil
	}
	if info.IsDir() {
		return f.walk(p, info)
	}
	return f.addFile(p, true)
}

// addPath adds a path that exists, following links.
func (f *finder) addPath(p string, explicit bool) error {
	info, err := os.Stat(p)
	if err == nil && info.IsDir() {
		return f.walk(p, info)
	}
	return f.addFile(p, explicit)
}

// fail records an input rejected on its own.
func (f *finder) fail(path, code, msg string) {
	f.bad = append(f.bad, &FileError{File: display(path), Code: code, Msg: msg})
}

// skip names a file not read.
func (f *finder) skip(path, reason string) {
	f.skipped = append(f.skipped, Skip{Path: display(path), Reason: reason})
}

// walk adds what the folder dir holds, recursively, following links to
// folders but reading each folder once: a link back up the tree, or two
// links to one folder, cannot make it loop or read a game twice.
func (f *finder) walk(dir string, info fs.FileInfo) error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	if id, ok := idOf(dir, info); ok {
		if f.folders[id] {
			f.skip(dir, "a folder already read, reached again through a link")
			return nil
		}
		f.folders[id] = true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		f.fail(dir, CodeUnreadable, "folder not read: "+errorText(err))
		// ReadDir returns what it read before the error: go on with it.
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch t := e.Type(); {
		case t.IsDir():
			sub, err := e.Info()
			if err != nil {
				f.fail(p, CodeUnreadable, "folder not read: "+errorText(err))
				continue
			}
			if err := f.walk(p, sub); err != nil {
				return err
			}
		case t&fs.ModeSymlink != 0:
			target, err := os.Stat(p)
			switch {
			case err == nil && target.IsDir():
				if err := f.walk(p, target); err != nil {
					return err
				}
			case err != nil && !isLogName(e.Name()):
				f.skip(p, "a link that leads nowhere: "+errorText(err))
			default:
				if err := f.addFile(p, false); err != nil {
					return err
				}
			}
		default:
			if err := f.addFile(p, false); err != nil {
				return err
			}
		}
	}
	return nil
}

// addFile adds a file (or what a link leads to); explicit marks one named
// on the command line, which must be a log or a zip archive.
func (f *finder) addFile(p string, explicit bool) error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	base := filepath.Base(p)
	if strings.EqualFold(filepath.Ext(base), ".zip") {
		f.addZip(p)
		return nil
	}
	path := p
	f.addLog(filepath.Dir(p), base, &source{name: display(p), id: "file:" + filepath.Clean(p),
		read: func() ([]byte, error) { return readFile(path) }}, explicit)
	return nil
}

// addZip adds the log files of an archive. An archive that cannot be read
// is rejected on its own; the rest of the import goes on.
func (f *finder) addZip(p string) {
	file, info, err := openRegular(p)
	if err != nil {
		f.bad = append(f.bad, readFailure(display(p), err))
		return
	}
	z, err := zip.NewReader(file, info.Size())
	// ErrInsecurePath names entries like ../x: harmless here, where entry
	// names are labels and nothing is extracted.
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		file.Close()
		f.fail(p, CodeBadZip, "not a zip archive, or a damaged one: "+errorText(err))
		return
	}
	f.closers = append(f.closers, file)
	for i, zf := range z.File {
		name := p + "!" + zf.Name
		mode := zf.FileInfo().Mode()
		switch {
		case mode.IsDir():
			continue
		case mode&fs.ModeSymlink != 0:
			f.skip(name, "a link inside the archive: not followed")
			continue
		case strings.EqualFold(pathExt(zf.Name), ".zip"):
			f.skip(name, "an archive inside the archive: extract it to read its logs")
			continue
		}
		zf := zf
		f.addLog(p+"!"+pathDir(zf.Name), pathBase(zf.Name), &source{
			name: display(name), id: fmt.Sprintf("zip:%s#%d", filepath.Clean(p), i), entry: i + 1,
			read: func() ([]byte, error) { return readEntry(zf) },
		}, false)
	}
}

func pathDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}

func pathBase(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

func pathExt(p string) string {
	base := pathBase(p)
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		return base[i:]
	}
	return ""
}

// addLog files a log under its game's key (dir, as found, and its
// timestamp), or rejects or skips a file that is not one.
func (f *finder) addLog(dir, base string, s *source, explicit bool) {
	n, ok := ParseLogName(base)
	switch {
	case !ok && explicit:
		f.bad = append(f.bad, &FileError{File: s.name, Code: CodeBadName, Msg: "not a log file: want <timestamp>.csv or <timestamp>-score.csv"})
		return
	case !ok:
		f.skipped = append(f.skipped, Skip{Path: s.name, Reason: "not named <timestamp>.csv or <timestamp>-score.csv"})
		return
	case !validName(dir + "/" + base):
		f.bad = append(f.bad, &FileError{File: s.name, Code: CodeBadName, Msg: "the path is not valid UTF-8 (shown with \\x escapes): rename it"})
		return
	case n.TS > MaxTimestamp:
		f.bad = append(f.bad, &FileError{File: s.name, Code: CodeBadTimestamp,
			Msg: fmt.Sprintf("timestamp %d is past %d (9999-12-31 23:59:59 UTC), the last one a game may have", n.TS, int64(MaxTimestamp))})
		return
	}
	key := dir + "/" + n.stamp
	g := f.games[key]
	if g == nil {
		g = &game{key: key, ts: n.TS}
		f.games[key] = g
	}
	g.add(n, s)
}

// isLogName reports whether base is the name of a log file.
func isLogName(base string) bool {
	_, ok := ParseLogName(base)
	return ok
}

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
	return readLimited(file)
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
	return readLimited(r)
}

// readLimited reads r to its end, failing past MaxFileBytes.
func readLimited(r io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFileBytes {
		return nil, tooLarge(-1)
	}
	return b, nil
}

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
func readFailure(name string, err error) *FileError {
	var re *readError
	if errors.As(err, &re) {
		return &FileError{File: name, Code: re.code, Msg: re.msg}
	}
	return &FileError{File: name, Code: CodeUnreadable, Msg: errorText(err)}
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
