package watch

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// moveAll moves the files of the ready groups that the import did not
// reject and whose game is not unfinished, and the files found already
// loaded, to w.moveTo. A file that
// cannot be moved is said, and left in place; the files gone since the
// import are counted in one line. It returns how many moved.
func (w *Watcher) moveAll(ready [][]entry, out *outcome) int {
	if w.moveTo == "" {
		return 0
	}
	groups := make([][]entry, 0, len(ready)+len(out.known))
	for _, g := range ready {
		var keep []entry
		for _, e := range g {
			if !out.rejected[e.path] && !out.unfinished[e.path] {
				keep = append(keep, e)
			}
		}
		if len(keep) > 0 {
			groups = append(groups, keep)
		}
	}
	for _, e := range out.known {
		groups = append(groups, []entry{e})
	}
	moved, vanished := 0, 0
	for _, g := range groups {
		for src, dst := range destinations(w.moveTo, g) {
			if err := moveFile(w.moveTo, src, dst); err != nil {
				if _, lerr := os.Lstat(src); errors.Is(lerr, fs.ErrNotExist) {
					// Removed or moved away by someone else since the
					// import: nothing to move, said once for all.
					vanished++
					delete(w.files, src)
					continue
				}
				fmt.Fprintf(w.opts.Err, "%s could not move %s: %v\n", w.clock(), src, err)
				continue
			}
			delete(w.files, src)
			moved++
			if w.afterMove != nil {
				w.afterMove()
			}
		}
	}
	if vanished > 0 {
		fmt.Fprintf(w.opts.Err, "%s %s vanished after the import, before being moved\n", w.clock(), plural(vanished, "file"))
	}
	return moved
}

// destinations says where each file of a group goes: under moveTo, at
// its path relative to its watched folder. When one of those names is
// taken, the files get the first copy number free for all of them, as a
// browser names a second download ("1604731633 (1).csv"), so that ingest
// still pairs them; a group with two files of one kind (which would share
// every copy number) gives each its own.
func destinations(moveTo string, g []entry) map[string]string {
	out := map[string]string{}
	kinds := map[string]bool{}
	for _, e := range g {
		k := fmt.Sprint(e.zip, e.name.Score)
		if kinds[k] {
			for _, e := range g {
				out[e.path] = freeName(moveTo, []entry{e}, out)[e.path]
			}
			return out
		}
		kinds[k] = true
	}
	return freeName(moveTo, g, out)
}

// freeName returns the destinations of the files of g under the first
// copy number whose names are neither taken on disk nor among reserved.
func freeName(moveTo string, g []entry, reserved map[string]string) map[string]string {
	used := map[string]bool{}
	for _, dst := range reserved {
		used[dst] = true
	}
	for copy := 0; ; copy++ {
		out := map[string]string{}
		free := true
		for _, e := range g {
			dst := destination(moveTo, e, copy)
			if used[dst] || exists(dst) {
				free = false
				break
			}
			out[e.path] = dst
		}
		if free {
			return out
		}
	}
}

// destination is where e goes under moveTo with a copy number (0: its own
// name).
func destination(moveTo string, e entry, copy int) string {
	rel, err := filepath.Rel(e.root, e.path)
	if err != nil {
		rel = filepath.Base(e.path)
	}
	if copy == 0 {
		return filepath.Join(moveTo, rel)
	}
	base := filepath.Base(rel)
	if e.zip {
		ext := filepath.Ext(base)
		base = fmt.Sprintf("%s (%d)%s", strings.TrimSuffix(base, ext), copy, ext)
	} else {
		score := ""
		if e.name.Score {
			score = "-score"
		}
		base = fmt.Sprintf("%s%s (%d).csv", e.name.Stamp(), score, copy)
	}
	return filepath.Join(moveTo, filepath.Dir(rel), base)
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// ErrLink reports a link on the way to where a file would be moved: a
// file is never moved through a link, which could take it outside the
// folder to move files to.
var ErrLink = errors.New("is a link: files are never moved through links")

// moveFile moves src to dst, which must not exist, creating its folder
// under moveTo: none of the folders from moveTo down may be a link.
// Across file systems it copies dst beside its place, syncs it, renames it
// there and removes src.
func moveFile(moveTo, src, dst string) error {
	if err := makeFolders(moveTo, filepath.Dir(dst)); err != nil {
		return err
	}
	if exists(dst) {
		return fmt.Errorf("%s: %w", dst, fs.ErrExist)
	}
	// Not through safefile: a rename moves the file itself and never
	// writes through a link at dst (one made since the check above would
	// be replaced, its target untouched).
	err := os.Rename(src, dst)
	if !errors.Is(err, syscall.EXDEV) {
		return err
	}
	return copyFile(src, dst)
}

// makeFolders makes the folders from moveTo down to dir, one at a time,
// and checks that each, moveTo included, is a folder and not a link.
func makeFolders(moveTo, dir string) error {
	rel, err := filepath.Rel(moveTo, dir)
	if err != nil || !within(moveTo, dir) {
		return fmt.Errorf("%s is outside %s", dir, moveTo)
	}
	cur := moveTo
	parts := []string{}
	if rel != "." {
		parts = strings.Split(rel, string(filepath.Separator))
	}
	for i := 0; ; i++ {
		info, err := os.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) {
			if err := os.Mkdir(cur, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return err
			}
			info, err = os.Lstat(cur)
		}
		switch {
		case err != nil:
			return err
		case info.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s %w", cur, ErrLink)
		case !info.IsDir():
			return fmt.Errorf("%s: %w", cur, ErrNotFolder)
		}
		if i == len(parts) {
			return nil
		}
		cur = filepath.Join(cur, parts[i])
	}
}

// copyFile moves src to dst by copying it: a temporary file beside dst,
// synced and renamed into place, then src removed.
func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	// CreateTemp creates its file exclusively (never through a link), and
	// the rename below replaces a name rather than writes through it.
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := io.Copy(tmp, in); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if exists(dst) {
		return fmt.Errorf("%s: %w", dst, fs.ErrExist)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return err
	}
	return os.Remove(src)
}
