// Package watch imports tournament logs as they arrive in folders, such as
// a browser's downloads folder, into a ginlog database.
//
// It rescans the folders (and their subfolders) every Interval. A game is
// ready once both of its files are there (paired as ginlog ingest pairs
// them, a browser's copy numbers included) and have stopped changing: the
// size and the modification time of each have stayed the same, and not
// zero bytes, for Settle. A .zip archive is ready once it has stopped
// changing. Everything ready at one scan is one import, made as ginlog
// ingest makes it (a game already loaded is a duplicate and changes
// nothing), followed by the verification of every game not verified yet;
// each import is one line on Out. The files of the games an import
// rejected stay where they are, and are not tried again until they
// change. With MoveTo, the other files of an import are moved there once
// it is committed and verified, under their path relative to the watched
// folder (with a copy number when the name is taken, as a browser would).
//
// Files come and go while the watcher works: a file removed between a scan
// and its import leaves its game out of that import (said on Err), and
// the game is imported when the file comes back; a watched folder removed
// or renamed is waited for (said once) and watched again when it is back.
//
// The database is opened for each import only, so that other commands
// can read it in between; while another process holds it, the watcher
// says so once and tries again at each scan. A watcher stopped at any
// point, killed included, finishes the job when it starts again: what was
// committed stays, the rest is imported again (its files are still in
// place, or are found already loaded and moved).
//
// Why polling, and no file-system events: a rescan is needed anyway,
// because events can be lost (inotify's queue overflows, and it watches no
// subfolder created before it is added), they are not delivered at all on
// network file systems and on Windows folders seen from WSL (where
// students' downloads are), and a file must in any case be seen unchanged
// over the settle interval before it is read, which bounds the delay that
// events would save to one Interval. A rescan costs one stat per file:
// BenchmarkScan measures it against listing the folder alone.
package watch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/schema"
)

// The default intervals.
const (
	DefaultInterval = 2 * time.Second
	DefaultSettle   = 2 * time.Second
)

// Options configure a watcher.
type Options struct {
	Dirs   []string // the folders to watch, with their subfolders
	DBPath string   // the database file
	// Limits bound DuckDB's memory and threads in each import.
	Limits schema.Limits
	// MoveTo, when set, is the folder the files of each import go to once
	// it is done. It may not be inside a watched folder.
	MoveTo   string
	Interval time.Duration // between rescans; 0: DefaultInterval
	Settle   time.Duration // how long a file must stay unchanged; 0: DefaultSettle
	// Ingest is what each import is given: Opponent, Source, Batch and the
	// callbacks (OnError reports each defect). Its Paths are the watcher's.
	Ingest ingest.Options
	// Out receives a line per import; Err the rest (waits, defects).
	Out, Err io.Writer
	// Now is the clock; nil is time.Now. Tests step it.
	Now func() time.Time
}

// ErrMoveInside reports a MoveTo folder inside a watched folder: the files
// moved there would be found again.
var ErrMoveInside = errors.New("the folder to move files to is inside a watched folder")

// ErrNotFolder reports a path to watch that is not an existing folder.
var ErrNotFolder = errors.New("not a folder")

// Watcher imports the logs arriving in its folders. Step scans once and
// imports what is ready; Run steps until it is stopped.
type Watcher struct {
	opts   Options
	roots  []string // the watched folders, absolute, links resolved
	moveTo string   // absolute, links resolved; "" for none
	files  map[string]*fileState
	locked string // the lock holder last said to be waited for
	// gone holds the watched folders that could not be read at the last
	// scan, with what was said of them.
	gone map[string]string
	// afterMove, when set, is called after each file moved (tests kill
	// the process there); beforeImport before each import (tests remove
	// files there).
	afterMove, beforeImport func()
}

// New checks the options and returns a watcher. A folder to watch that is
// missing or not a folder gives an error wrapping ErrNotFolder; a MoveTo
// inside a watched folder one wrapping ErrMoveInside. MoveTo is created
// if needed.
func New(opts Options) (*Watcher, error) {
	if len(opts.Dirs) == 0 {
		return nil, fmt.Errorf("no folder to watch")
	}
	if opts.Interval <= 0 {
		opts.Interval = DefaultInterval
	}
	if opts.Settle <= 0 {
		opts.Settle = DefaultSettle
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Err == nil {
		opts.Err = io.Discard
	}
	w := &Watcher{opts: opts, files: map[string]*fileState{}, gone: map[string]string{}}
	for _, d := range opts.Dirs {
		info, err := os.Stat(d)
		if err != nil {
			return nil, fmt.Errorf("watch %s: %w: %v", d, ErrNotFolder, errText(err))
		}
		if !info.IsDir() {
			return nil, fmt.Errorf("watch %s: %w", d, ErrNotFolder)
		}
		root, err := realPath(d)
		if err != nil {
			return nil, fmt.Errorf("watch %s: %w", d, err)
		}
		w.roots = append(w.roots, root)
	}
	w.roots = outermost(w.roots)
	if opts.MoveTo != "" {
		dst, err := realPath(opts.MoveTo)
		if err != nil {
			return nil, fmt.Errorf("--move-to %s: %w", opts.MoveTo, err)
		}
		for _, root := range w.roots {
			if within(root, dst) {
				return nil, fmt.Errorf("--move-to %s: %w %s: choose a folder outside it", opts.MoveTo, ErrMoveInside, root)
			}
		}
		// The folder as named: a link to a file there is said as one.
		if err := safefile.MakeDir(opts.MoveTo); err != nil {
			return nil, fmt.Errorf("--move-to: %w", err)
		}
		w.moveTo = dst
	}
	return w, nil
}

// Run steps every Interval until ctx is done, then returns nil: stopping
// is the normal end of a watch, except during an import, which gives an
// *InterruptedError. It returns early with the error of a
// step that cannot go on (the database cannot be used). A watched folder
// that vanishes is waited for: it is said once, and watched again when it
// is back.
func (w *Watcher) Run(ctx context.Context) error {
	fmt.Fprintf(w.opts.Err, "watching %s: a game is imported once both its files are unchanged for %s (rescanned every %s); Ctrl-C stops\n",
		strings.Join(w.roots, ", "), w.opts.Settle, w.opts.Interval)
	tick := time.NewTicker(w.opts.Interval)
	defer tick.Stop()
	for {
		var ie *InterruptedError
		if err := w.Step(ctx); err != nil && (ctx.Err() == nil || errors.As(err, &ie)) {
			return err
		}
		select {
		case <-ctx.Done():
			fmt.Fprintln(w.opts.Err, "stopped watching")
			return nil
		case <-tick.C:
		}
	}
}

// realPath returns p absolute with its links resolved, for as much of it
// as exists.
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	for cur := abs; ; {
		real, err := filepath.EvalSymlinks(cur)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		rest = append([]string{filepath.Base(cur)}, rest...)
		cur = parent
	}
}

// within reports whether path is root or inside it.
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// outermost drops the folders inside another of the list, and repeats.
func outermost(roots []string) []string {
	var out []string
	for i, r := range roots {
		keep := true
		for j, o := range roots {
			if i != j && within(o, r) && (r != o || j < i) {
				keep = false
			}
		}
		if keep {
			out = append(out, r)
		}
	}
	return out
}

// errText is an error's message without the path it repeats.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
}
