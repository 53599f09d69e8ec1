package watch

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// fileState is what the watcher knows of a file: its size and time when
// last seen, since when they have been so, and what was done with it in
// that state.
type fileState struct {
	size  int64
	mtime time.Time
	since time.Time
	done  bool // imported, or found already loaded: nothing more to do unless it changes
	// checked marks a file waiting for its partner that was looked up in
	// the database (its bytes are not those of a loaded game's file), and
	// told one whose wait was said.
	checked, told bool
}

// Step scans the folders once and imports what is ready. It returns nil
// while the database is held by another process (it says so, once, and
// the next step tries again), and an error for what stops the watch.
func (w *Watcher) Step(ctx context.Context) error {
	now := w.opts.Now()
	found, unread, err := scan(ctx, w.roots)
	if err != nil {
		return fmt.Errorf("scan: %w", err)
	}
	w.sayGone(unread)
	seen := map[string]bool{}
	groups := map[string][]entry{}
	var keys []string
	for _, e := range found {
		seen[e.path] = true
		st := w.files[e.path]
		if st == nil || st.size != e.size || !st.mtime.Equal(e.mtime) {
			st = &fileState{size: e.size, mtime: e.mtime, since: now}
			w.files[e.path] = st
		}
		k := e.group()
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], e)
	}
	for p := range w.files {
		if !seen[p] {
			delete(w.files, p)
		}
	}
	slices.Sort(keys)
	var ready [][]entry
	var lone []entry
	for _, k := range keys {
		g := groups[k]
		switch w.readiness(g, now) {
		case isReady:
			ready = append(ready, g)
		case isLone:
			for _, e := range g {
				if st := w.files[e.path]; !st.done && !st.checked {
					lone = append(lone, e)
				}
			}
		}
	}
	if len(ready) == 0 && len(lone) == 0 {
		return nil
	}
	return w.process(ctx, ready, lone)
}

// sayGone says, once, that a watched folder cannot be read, and when it
// can be again.
func (w *Watcher) sayGone(unread map[string]error) {
	for _, root := range w.roots {
		err, was := unread[root], w.gone[root]
		switch {
		case err != nil && was != errText(err):
			fmt.Fprintf(w.opts.Err, "%s waiting for the watched folder %s: %s\n", w.clock(), root, errText(err))
			w.gone[root] = errText(err)
		case err == nil && was != "":
			fmt.Fprintf(w.opts.Err, "%s watching %s again\n", w.clock(), root)
			delete(w.gone, root)
		}
	}
}

type readiness int

const (
	notReady readiness = iota
	isReady            // a game with both files, or an archive, stable, not all done
	isLone             // stable files of one kind only, not all done: waiting for a partner
)

// readiness says whether a group is ready to import at now.
func (w *Watcher) readiness(g []entry, now time.Time) readiness {
	pending, turns, scores := false, false, false
	for _, e := range g {
		st := w.files[e.path]
		if st.size == 0 || now.Sub(st.since) < w.opts.Settle {
			return notReady
		}
		pending = pending || !st.done
		turns = turns || (!e.zip && !e.name.Score)
		scores = scores || (!e.zip && e.name.Score)
	}
	switch {
	case !pending:
		return notReady
	case g[0].zip || (turns && scores):
		return isReady
	}
	return isLone
}
