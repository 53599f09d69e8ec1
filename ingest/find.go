package ingest

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// ErrNoSuchPath reports a command-line path that is neither a file, a
// directory nor a glob pattern matching anything.
var ErrNoSuchPath = errors.New("no such file, directory or matching pattern")

// source is one log file: on disk, or inside a zip archive.
type source struct {
	name string // the path shown in errors; archive.zip!inner/path inside a zip
	read func() ([]byte, error)
}

// pair is one game's two files. Either may be missing.
type pair struct {
	key    string // directory and timestamp
	ts     int64
	turns  *source
	scores *source
}

var logName = regexp.MustCompile(`^(\d{1,18})(-score)?\.csv$`)

// finder collects the log files under the given paths and pairs them.
type finder struct {
	pairs   map[string]*pair
	bad     []*FileError // files named explicitly that are not log files
	skipped int          // files found in directories that are not log files
	closers []io.Closer
}

// Find expands paths (files, directories walked recursively, glob patterns,
// and .zip archives, whose files may sit at the top or in folders) into
// game pairs sorted by timestamp, then by location. It also returns errors
// for files named explicitly that are not logs, the number of other files it
// skipped, and a function that closes the archives opened.
func Find(paths []string) (pairs []*pair, bad []*FileError, skipped int, closeAll func(), err error) {
	f := &finder{pairs: map[string]*pair{}}
	closeAll = func() {
		for _, c := range f.closers {
			c.Close()
		}
	}
	for _, p := range paths {
		if err := f.add(p); err != nil {
			closeAll()
			return nil, nil, 0, func() {}, err
		}
	}
	for _, p := range f.pairs {
		pairs = append(pairs, p)
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i].ts != pairs[j].ts {
			return pairs[i].ts < pairs[j].ts
		}
		return pairs[i].key < pairs[j].key
	})
	return pairs, f.bad, f.skipped, closeAll, nil
}

// add expands one command-line path.
func (f *finder) add(p string) error {
	info, err := os.Stat(p)
	if err != nil {
		matches, gerr := filepath.Glob(p)
		if gerr != nil || len(matches) == 0 {
			return fmt.Errorf("%s: %w", p, ErrNoSuchPath)
		}
		for _, m := range matches {
			if err := f.addPath(m, true); err != nil {
				return err
			}
		}
		return nil
	}
	if info.IsDir() {
		return f.walk(p)
	}
	return f.addPath(p, true)
}

func (f *finder) walk(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		return f.addPath(p, false)
	})
}

// addPath adds a file; explicit marks a file named on the command line,
// which must be a log or a zip.
func (f *finder) addPath(p string, explicit bool) error {
	if info, err := os.Stat(p); err == nil && info.IsDir() {
		return f.walk(p)
	}
	if strings.EqualFold(filepath.Ext(p), ".zip") {
		return f.addZip(p)
	}
	path := p
	f.addLog(filepath.Dir(p), filepath.Base(p), &source{name: p, read: func() ([]byte, error) { return os.ReadFile(path) }}, explicit)
	return nil
}

func (f *finder) addZip(p string) error {
	z, err := zip.OpenReader(p)
	if err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	f.closers = append(f.closers, z)
	for _, zf := range z.File {
		if zf.FileInfo().IsDir() {
			continue
		}
		zf := zf
		name := p + "!" + zf.Name
		f.addLog(p+"!"+pathDir(zf.Name), pathBase(zf.Name), &source{name: name, read: func() ([]byte, error) {
			r, err := zf.Open()
			if err != nil {
				return nil, err
			}
			defer r.Close()
			return io.ReadAll(r)
		}}, false)
	}
	return nil
}

func pathDir(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}

func pathBase(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// addLog files a log under its game's key.
func (f *finder) addLog(dir, base string, s *source, explicit bool) {
	m := logName.FindStringSubmatch(base)
	if m == nil {
		if explicit {
			f.bad = append(f.bad, &FileError{File: s.name, Code: CodeBadName, Msg: "not a log file: want <timestamp>.csv or <timestamp>-score.csv"})
		} else {
			f.skipped++
		}
		return
	}
	ts, _ := strconv.ParseInt(m[1], 10, 64)
	key := dir + "/" + m[1]
	p := f.pairs[key]
	if p == nil {
		p = &pair{key: key, ts: ts}
		f.pairs[key] = p
	}
	if m[2] == "" {
		p.turns = s
	} else {
		p.scores = s
	}
}
