package ingest

import (
	"archive/zip"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/logfile"
)

// ErrNoSuchPath reports a command-line path that is neither a file, a
// directory nor a glob pattern matching anything.
var ErrNoSuchPath = errors.New("no such file, directory or matching pattern")

// Skip is a file found under a folder or in an archive but not read, and
// why. Summary.Skipped counts every one; Summary.SkippedFiles names the
// first MaxSkipsListed.
type Skip struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// MaxSkipsListed is how many skipped files an import names: the rest are
// counted only, so that a folder of other files cannot fill the memory.
const MaxSkipsListed = 1000

// source is one log file: on disk, or inside a zip archive.
type source struct {
	name  string // the path shown in errors; archive.zip!inner/path inside a zip
	id    string // the same file, reached twice, has the same id
	entry int    // 1-based position in its archive; 0 on disk
	read  func() ([]byte, error)
}

// pair is one game's two files. Either may be missing.
type pair struct {
	key     string // directory and timestamp, and the copy number if any
	ts      int64
	turns   *source
	scores  *source
	partner string // the name of the file that would complete a pair that lacks one
	// others are further files that name the same game's turn or score
	// file (two entries of an archive with one name, 1.csv beside 1.CSV):
	// the game is rejected rather than one of them silently chosen.
	others []*source
}

// item is what the finder hands on, in the order games get their ids: a
// game's pair, an input rejected on its own, or a count of the games a
// folder or archive about to be handed on holds (for progress).
type item struct {
	p     *pair
	bad   *logfile.FileError
	found int
}

// finder finds the log files under the command-line paths and hands them
// on as pairs, folder by folder and archive by archive, so that memory
// holds one folder's listing and the pairs in flight, not the import.
//
// The order, which game ids follow: the folders and archives named (or
// matched by a pattern), in the order named; within a folder, its own
// logs by timestamp (then by name), then its subfolders and archives in
// name order, each the same way; within an archive, its logs by
// timestamp, then folder and name; last, the log files named one by one
// and not met in a folder, by timestamp.
type finder struct {
	ctx context.Context
	out chan<- item

	roots []root               // the folders and archives named, in order
	early []*logfile.FileError // inputs named and rejected before any is read
	// named holds the log files named one by one, by clean path, and
	// whether a folder walked holds them (then they are read with it).
	named    map[string]bool
	namedLog []logFile

	folders map[fileID]bool // folders walked, by device and inode
	zips    map[string]bool // archives read, by clean path
	closers []io.Closer     // the archives opened

	skipped   []Skip // the first MaxSkipsListed
	skips     int
	estimated int // the games the found items announced
	handed    int // the pairs handed on
}

// root is a folder or an archive named on the command line.
type root struct {
	path string
	info fs.FileInfo // a folder's; nil for an archive
}

// logFile is a file whose name is a log's, not yet opened.
type logFile struct {
	dir  string // the folder as found, or archive.zip!folder
	base string
	// path is the archive of an entry, or a file's path as named on the
	// command line; "" for a file found in a folder (dir/base).
	path  string
	ts    int64
	stamp int32     // the length of the timestamp in base
	entry int32     // 1-based position in its archive; 0 on disk
	zf    *zip.File // the archive's entry; nil on disk
}

func (lf *logFile) stampText() string { return lf.base[:lf.stamp] }

// newFinder reads the command-line paths: a path that does not exist
// stops it (ErrNoSuchPath), before anything is read; everything else that
// cannot be read becomes a located error for that path only.
func newFinder(paths []string) (*finder, error) {
	f := &finder{named: map[string]bool{}, folders: map[fileID]bool{}, zips: map[string]bool{}}
	for _, p := range paths {
		if err := f.addArg(p); err != nil {
			f.close()
			return nil, err
		}
	}
	return f, nil
}

// rootPaths returns the paths of the folders and archives named, as the
// database shows them.
func (f *finder) rootPaths() []string {
	out := make([]string, len(f.roots))
	for i, r := range f.roots {
		out[i] = display(r.path)
	}
	return out
}

// close closes the archives opened.
func (f *finder) close() {
	for _, c := range f.closers {
		c.Close()
	}
}

// addArg reads one command-line path.
func (f *finder) addArg(p string) error {
	info, err := os.Stat(p)
	if err != nil {
		if matches, gerr := filepath.Glob(p); gerr == nil && len(matches) > 0 {
			for _, m := range matches {
				f.addPath(m)
			}
			return nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", display(p), ErrNoSuchPath)
		}
		f.early = append(f.early, &logfile.FileError{File: display(p), Code: logfile.CodeUnreadable, Msg: errorText(err)})
		return nil
	}
	if info.IsDir() {
		f.roots = append(f.roots, root{path: p, info: info})
		return nil
	}
	f.addNamed(p)
	return nil
}

// addPath reads a path a pattern matched, following links.
func (f *finder) addPath(p string) {
	if info, err := os.Stat(p); err == nil && info.IsDir() {
		f.roots = append(f.roots, root{path: p, info: info})
		return
	}
	f.addNamed(p)
}

// addNamed reads a file named on the command line, which must be a log or
// a zip archive.
func (f *finder) addNamed(p string) {
	base := filepath.Base(p)
	if strings.EqualFold(filepath.Ext(base), ".zip") {
		f.roots = append(f.roots, root{path: p})
		return
	}
	lf, ok := newLogFile(filepath.Dir(p), base)
	lf.path = p
	if !ok {
		f.early = append(f.early, &logfile.FileError{File: display(p), Code: CodeBadName, Msg: "not a log file: want <timestamp>.csv or <timestamp>-score.csv"})
		return
	}
	if _, seen := f.named[filepath.Clean(p)]; !seen {
		f.named[filepath.Clean(p)] = false
		f.namedLog = append(f.namedLog, lf)
	}
}

// newLogFile returns the file base of dir if its name is a log's.
func newLogFile(dir, base string) (logFile, bool) {
	n, ok := ParseLogName(base)
	if !ok {
		return logFile{}, false
	}
	return logFile{dir: dir, base: base, ts: n.TS, stamp: int32(len(n.stamp))}, true
}

// run hands on the pairs found, in order, then closes out. It stops when
// ctx ends, with its error.
func (f *finder) run(ctx context.Context, out chan<- item) error {
	defer close(out)
	f.ctx, f.out = ctx, out
	for _, e := range f.early {
		if err := f.send(item{bad: e}); err != nil {
			return err
		}
	}
	for _, r := range f.roots {
		var err error
		if r.info != nil {
			err = f.walk(r.path, r.info)
		} else {
			err = f.addZip(r.path)
		}
		if err != nil {
			return err
		}
	}
	var rest []logFile
	for _, lf := range f.namedLog {
		if !f.named[filepath.Clean(lf.path)] {
			rest = append(rest, lf)
		}
	}
	if err := f.hand(logFiles(rest)); err != nil {
		return err
	}
	// The estimates count a game for each timestamp and copy: correct
	// the total to the pairs handed on.
	if d := f.handed - f.estimated; d != 0 {
		return f.send(item{found: d})
	}
	return nil
}

// send hands one item on, unless ctx ends first.
func (f *finder) send(it item) error {
	select {
	case f.out <- it:
		return nil
	case <-f.ctx.Done():
		return f.ctx.Err()
	}
}

// fail hands on an input rejected on its own.
func (f *finder) fail(path, code, msg string) error {
	return f.send(item{bad: &logfile.FileError{File: display(path), Code: code, Msg: msg}})
}

// skip names a file not read.
func (f *finder) skip(path, reason string) {
	f.skips++
	if len(f.skipped) < MaxSkipsListed {
		f.skipped = append(f.skipped, Skip{Path: display(path), Reason: reason})
	}
}

// logList is the log files of one folder, of one archive or of the
// command line, to be handed on game by game.
type logList interface {
	// sort sorts the files by timestamp, game key and name, so that a
	// game's files are together.
	sort()
	len() int
	// sameGame reports whether the files i and j (sorted) have one game
	// key.
	sameGame(i, j int) bool
	// files returns the files i to j-1 (sorted).
	files(i, j int) []logFile
}

// hand pairs the log files of a list and hands the pairs on, by
// timestamp and then game key: the files are sorted so that each game's
// are together, and paired game by game.
func (f *finder) hand(l logList) error {
	if l.len() == 0 {
		return nil
	}
	l.sort()
	games := 0
	for i := range l.len() {
		if i == 0 || !l.sameGame(i-1, i) {
			games++
		}
	}
	f.estimated += games
	if err := f.send(item{found: games}); err != nil {
		return err
	}
	for i := 0; i < l.len(); {
		j := i + 1
		for j < l.len() && l.sameGame(i, j) {
			j++
		}
		if err := f.handGame(l.files(i, j)); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// logFiles is a logList of files of several folders: an archive's, or
// those named on the command line.
type logFiles []logFile

func (l logFiles) sort() {
	slices.SortFunc(l, func(a, b logFile) int {
		return cmp.Or(cmp.Compare(a.ts, b.ts), compareKeys(&a, &b), strings.Compare(a.base, b.base), cmp.Compare(a.entry, b.entry))
	})
}

func (l logFiles) len() int                 { return len(l) }
func (l logFiles) sameGame(i, j int) bool   { return compareKeys(&l[i], &l[j]) == 0 }
func (l logFiles) files(i, j int) []logFile { return l[i:j] }

// compareKeys compares the game keys (folder and timestamp) of two files.
func compareKeys(a, b *logFile) int {
	if a.dir == b.dir {
		return strings.Compare(a.stampText(), b.stampText())
	}
	return strings.Compare(a.dir+"/"+a.stampText(), b.dir+"/"+b.stampText())
}

// handGame pairs the files of one game key and hands the pairs on, or
// rejects the files whose names cannot be stored.
func (f *finder) handGame(files []logFile) error {
	key := files[0].dir + "/" + files[0].stampText()
	g := &game{key: key, ts: files[0].ts}
	for i := range files {
		lf := &files[i]
		n, _ := ParseLogName(lf.base)
		s := lf.source()
		switch {
		case !validName(lf.dir + "/" + lf.base):
			if err := f.send(item{bad: &logfile.FileError{File: s.name, Code: CodeBadName, Msg: "the path is not valid UTF-8 (shown with \\x escapes): rename it"}}); err != nil {
				return err
			}
			continue
		case n.TS > MaxTimestamp:
			if err := f.send(item{bad: &logfile.FileError{File: s.name, Code: CodeBadTimestamp,
				Msg: fmt.Sprintf("timestamp %d is past %d (9999-12-31 23:59:59 UTC), the last one a game may have", n.TS, int64(MaxTimestamp))}}); err != nil {
				return err
			}
			continue
		}
		g.add(n, s)
	}
	pairs := g.pairs(f.skip)
	slices.SortStableFunc(pairs, func(a, b *pair) int { return strings.Compare(a.key, b.key) })
	for _, p := range pairs {
		if err := f.send(item{p: p}); err != nil {
			return err
		}
		f.handed++
	}
	return nil
}

// source returns the file's source: how errors name it and how to read
// it.
func (lf *logFile) source() *source {
	if zf := lf.zf; zf != nil {
		return &source{name: display(lf.path + "!" + zf.Name), id: fmt.Sprintf("zip:%s#%d", filepath.Clean(lf.path), lf.entry-1),
			entry: int(lf.entry), read: func() ([]byte, error) { return readEntry(zf) }}
	}
	path := lf.path
	if path == "" {
		path = filepath.Join(lf.dir, lf.base)
	}
	return &source{name: display(path), id: "file:" + filepath.Clean(path), read: func() ([]byte, error) { return readFile(path) }}
}
