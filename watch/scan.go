package watch

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ginlog/ginlog/ingest"
)

// entry is a log file or a zip archive found by a scan.
type entry struct {
	path  string // absolute
	root  string // the watched folder it is under
	name  ingest.LogName
	zip   bool
	size  int64
	mtime time.Time
}

// group is the key of the files imported together: a game's files (its
// folder and timestamp), or one archive.
func (e *entry) group() string {
	if e.zip {
		return "zip:" + e.path
	}
	return "log:" + filepath.Join(filepath.Dir(e.path), e.name.Stamp())
}

// scan lists the log files and zip archives under the roots, following
// links to files but not to folders (so that a loop cannot catch it). A
// subfolder that cannot be read is passed over; a root that cannot be
// read (removed, or renamed, for a moment) gives nothing and its error in
// unread. Only cancellation stops it.
func scan(ctx context.Context, roots []string) (found []entry, unread map[string]error, err error) {
	unread = map[string]error{}
	for _, root := range roots {
		var out []entry
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if path == root {
					return err
				}
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			if d.IsDir() {
				return nil
			}
			e := entry{path: path, root: root}
			base := d.Name()
			var ok bool
			if e.name, ok = ingest.ParseLogName(base); !ok {
				if !strings.EqualFold(filepath.Ext(base), ".zip") {
					return nil
				}
				e.zip = true
			}
			var info fs.FileInfo
			if d.Type().IsRegular() {
				info, err = d.Info()
			} else {
				info, err = os.Stat(path)
			}
			if err != nil || !info.Mode().IsRegular() {
				return nil
			}
			e.size, e.mtime = info.Size(), info.ModTime()
			out = append(out, e)
			return nil
		})
		if cerr := ctx.Err(); cerr != nil {
			return nil, nil, cerr
		}
		if err == nil {
			if info, serr := os.Stat(root); serr != nil || !info.IsDir() {
				err = serr
				if err == nil {
					err = fmt.Errorf("%s: %w", root, ErrNotFolder)
				}
			}
		}
		if err != nil {
			unread[root] = err
			continue
		}
		found = append(found, out...)
	}
	return found, unread, nil
}
