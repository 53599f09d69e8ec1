package ingest

import (
	"archive/zip"
	"bytes"
	"cmp"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/logfile"
)

// listChunk is how many folder entries are read at a time: a folder's
// listing is kept as logFiles, not as the entries the system returns.
const listChunk = 1024

// sub is a subfolder or an archive of a folder, read after the folder's
// own logs.
type sub struct {
	path string
	link fs.FileInfo // the folder a link leads to; nil for a subfolder or an archive
	dir  bool
}

// walk hands on what the folder dir holds, then what its subfolders and
// archives hold, in name order, following links to folders but reading
// each folder once: a link back up the tree, or two links to one folder,
// cannot make it loop or read a game twice.
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
	logs, subs, err := f.list(dir)
	if err != nil {
		return err
	}
	if err := f.hand(logs); err != nil {
		return err
	}
	for _, s := range subs {
		if err := f.walkSub(s); err != nil {
			return err
		}
	}
	return nil
}

// walkSub hands on what a subfolder or an archive of a folder holds.
func (f *finder) walkSub(s sub) error {
	switch {
	case s.link != nil:
		return f.walk(s.path, s.link)
	case s.dir:
		info, err := os.Lstat(s.path)
		if err != nil {
			return f.fail(s.path, logfile.CodeUnreadable, "folder not read: "+errorText(err))
		}
		return f.walk(s.path, info)
	}
	return f.addZip(s.path)
}

// list reads the folder dir: its log files, and its subfolders and
// archives sorted by name. It names the other files as skipped, in name
// order; a folder that cannot be read whole is a located error, and what
// was read of it is listed.
func (f *finder) list(dir string) (logs *folderLogs, subs []sub, err error) {
	var skips []Skip
	defer func() {
		slices.SortFunc(skips, func(a, b Skip) int { return strings.Compare(a.Path, b.Path) })
		for _, s := range skips {
			f.skip(s.Path, s.Reason)
		}
	}()
	logs = &folderLogs{dir: dir}
	d, oerr := os.Open(dir)
	if oerr != nil {
		return logs, nil, f.fail(dir, logfile.CodeUnreadable, "folder not read: "+errorText(oerr))
	}
	defer d.Close()
	for {
		if err := f.ctx.Err(); err != nil {
			return nil, nil, err
		}
		entries, rerr := d.ReadDir(listChunk)
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			switch t := e.Type(); {
			case t.IsDir():
				subs = append(subs, sub{path: p, dir: true})
			case t&fs.ModeSymlink != 0:
				target, err := os.Stat(p)
				switch {
				case err == nil && target.IsDir():
					subs = append(subs, sub{path: p, link: target})
				case err != nil && !isLogName(e.Name()):
					skips = append(skips, Skip{Path: p, Reason: "a link that leads nowhere: " + errorText(err)})
				default:
					logs, subs, skips = f.listFile(logs, subs, skips, dir, e.Name())
				}
			default:
				logs, subs, skips = f.listFile(logs, subs, skips, dir, e.Name())
			}
		}
		if errors.Is(rerr, io.EOF) || rerr == nil && len(entries) == 0 {
			break
		}
		if rerr != nil {
			// Go on with what was read before the error.
			if err := f.fail(dir, logfile.CodeUnreadable, "folder not read: "+errorText(rerr)); err != nil {
				return nil, nil, err
			}
			break
		}
	}
	slices.SortFunc(subs, func(a, b sub) int { return strings.Compare(a.path, b.path) })
	return logs, subs, nil
}

// folderLogs is the log files of one folder, the logList of a folder
// walked: 16 bytes a file whose name is the server's own (<ts>.csv or
// <ts>-score.csv, which its timestamp and kind say), and its name's bytes
// besides for any other (a copy number, leading zeros, the extension in
// capitals), where a logFile takes 96. A flat folder of a million games
// lists two million files: 32 MB, where a slice of names took 80.
type folderLogs struct {
	dir   string
	names []byte // the names that are not the server's own, one after the other
	ents  []folderEntry
	a, b  []byte // sort's buffers for two names
}

// folderEntry is a file of folderLogs.
type folderEntry struct {
	ts    int64
	off   uint32 // where its name starts in names (form stored)
	n     uint8  // the length of its name (a log's name has at most 38 bytes)
	stamp uint8  // the length of the name's timestamp
	form  uint8  // stored, serverTurn or serverScore
}

// The forms of a folderEntry's name.
const (
	stored      = iota // in folderLogs.names
	serverTurn         // <ts>.csv
	serverScore        // <ts>-score.csv
)

// add adds the log file base, whose name says n. It reports false for a
// folder whose unusual names (see folderLogs) pass 4 GiB, which cannot be
// listed.
func (l *folderLogs) add(base string, n LogName) bool {
	e := folderEntry{ts: n.TS, n: uint8(len(base)), stamp: uint8(len(n.stamp))}
	switch base {
	case strconv.FormatInt(n.TS, 10) + ".csv":
		e.form = serverTurn
	case strconv.FormatInt(n.TS, 10) + "-score.csv":
		e.form = serverScore
	default:
		if len(l.names)+len(base) > math.MaxUint32 {
			return false
		}
		e.off = uint32(len(l.names))
		l.names = append(l.names, base...)
	}
	l.ents = append(l.ents, e)
	return true
}

// appendName appends the name of e to dst.
func (l *folderLogs) appendName(dst []byte, e *folderEntry) []byte {
	switch e.form {
	case serverTurn:
		return append(strconv.AppendInt(dst, e.ts, 10), ".csv"...)
	case serverScore:
		return append(strconv.AppendInt(dst, e.ts, 10), "-score.csv"...)
	}
	return append(dst, l.names[e.off:e.off+uint32(e.n)]...)
}

// compare orders two files by timestamp, the timestamp as their names
// write it, and name. Two of the server's own names compare without being
// written: their stamps are their timestamps, and "-score.csv" comes
// before ".csv".
func (l *folderLogs) compare(x, y *folderEntry) int {
	if c := cmp.Compare(x.ts, y.ts); c != 0 {
		return c
	}
	if x.form != stored && y.form != stored {
		return -cmp.Compare(x.form, y.form)
	}
	l.a, l.b = l.appendName(l.a[:0], x), l.appendName(l.b[:0], y)
	return cmp.Or(bytes.Compare(l.a[:x.stamp], l.b[:y.stamp]), bytes.Compare(l.a, l.b))
}

func (l *folderLogs) sort() {
	slices.SortFunc(l.ents, func(x, y folderEntry) int { return l.compare(&x, &y) })
}

func (l *folderLogs) len() int { return len(l.ents) }

func (l *folderLogs) sameGame(i, j int) bool {
	x, y := &l.ents[i], &l.ents[j]
	if x.ts != y.ts {
		return false
	}
	if x.form != stored && y.form != stored {
		return true
	}
	l.a, l.b = l.appendName(l.a[:0], x), l.appendName(l.b[:0], y)
	return bytes.Equal(l.a[:x.stamp], l.b[:y.stamp])
}

func (l *folderLogs) files(i, j int) []logFile {
	out := make([]logFile, 0, j-i)
	for k := i; k < j; k++ {
		e := &l.ents[k]
		out = append(out, logFile{dir: l.dir, base: string(l.appendName(nil, e)), ts: e.ts, stamp: int32(e.stamp)})
	}
	return out
}

// listFile lists the file base of the folder dir (or what a link there
// leads to): a log, an archive, or a file skipped.
func (f *finder) listFile(logs *folderLogs, subs []sub, skips []Skip, dir, base string) (*folderLogs, []sub, []Skip) {
	p := filepath.Join(dir, base)
	if strings.EqualFold(filepath.Ext(base), ".zip") {
		return logs, append(subs, sub{path: p}), skips
	}
	n, ok := ParseLogName(base)
	if !ok {
		return logs, subs, append(skips, Skip{Path: p, Reason: "not named <timestamp>.csv or <timestamp>-score.csv"})
	}
	if len(f.named) > 0 {
		if _, named := f.named[filepath.Clean(p)]; named {
			f.named[filepath.Clean(p)] = true
		}
	}
	if !logs.add(base, n) {
		return logs, subs, append(skips, Skip{Path: p, Reason: "the folder's other log names pass 4 GiB: move some of its logs into a subfolder"})
	}
	return logs, subs, skips
}

// addZip hands on the log files of an archive, read once however often
// it is named or found. An archive that cannot be read is rejected on its
// own; the rest of the import goes on.
func (f *finder) addZip(p string) error {
	if err := f.ctx.Err(); err != nil {
		return err
	}
	if f.zips[filepath.Clean(p)] {
		return nil
	}
	f.zips[filepath.Clean(p)] = true
	file, info, err := openRegular(p)
	if err != nil {
		return f.send(item{bad: readFailure(display(p), err)})
	}
	z, err := zip.NewReader(file, info.Size())
	// ErrInsecurePath names entries like ../x: harmless here, where entry
	// names are labels and nothing is extracted.
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		file.Close()
		return f.fail(p, CodeBadZip, "not a zip archive, or a damaged one: "+errorText(err))
	}
	f.closers = append(f.closers, file)
	var logs logFiles
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
		lf, ok := newLogFile(p+"!"+pathDir(zf.Name), pathBase(zf.Name))
		if !ok {
			f.skip(name, "not named <timestamp>.csv or <timestamp>-score.csv")
			continue
		}
		lf.path, lf.zf, lf.entry = p, zf, int32(min(i+1, 1<<31-1))
		logs = append(logs, lf)
	}
	return f.hand(logs)
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

// isLogName reports whether base is the name of a log file.
func isLogName(base string) bool {
	_, ok := ParseLogName(base)
	return ok
}
