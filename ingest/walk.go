package ingest

import (
	"archive/zip"
	"bytes"
	"cmp"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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
// walked: 24 bytes a file and its name, where a logFile takes 96.
type folderLogs struct {
	dir   string
	names []byte // the files' names, one after the other
	ents  []folderEntry
}

// folderEntry is a file of folderLogs.
type folderEntry struct {
	ts       int64
	off      int    // where its name starts in names
	n, stamp uint32 // the lengths of its name and of the name's timestamp
}

// add adds the log file base, whose name says n.
func (l *folderLogs) add(base string, n LogName) {
	l.ents = append(l.ents, folderEntry{ts: n.TS, off: len(l.names), n: uint32(len(base)), stamp: uint32(len(n.stamp))})
	l.names = append(l.names, base...)
}

func (l *folderLogs) name(e *folderEntry) []byte  { return l.names[e.off : e.off+int(e.n)] }
func (l *folderLogs) stamp(e *folderEntry) []byte { return l.names[e.off : e.off+int(e.stamp)] }

func (l *folderLogs) sort() {
	slices.SortFunc(l.ents, func(a, b folderEntry) int {
		return cmp.Or(cmp.Compare(a.ts, b.ts), bytes.Compare(l.stamp(&a), l.stamp(&b)), bytes.Compare(l.name(&a), l.name(&b)))
	})
}

func (l *folderLogs) len() int { return len(l.ents) }

func (l *folderLogs) sameGame(i, j int) bool {
	return bytes.Equal(l.stamp(&l.ents[i]), l.stamp(&l.ents[j]))
}

func (l *folderLogs) files(i, j int) []logFile {
	out := make([]logFile, 0, j-i)
	for k := i; k < j; k++ {
		e := &l.ents[k]
		out = append(out, logFile{dir: l.dir, base: string(l.name(e)), ts: e.ts, stamp: int32(e.stamp)})
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
	logs.add(base, n)
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
