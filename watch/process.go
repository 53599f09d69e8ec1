package watch

import (
	"context"
	"crypto/sha256"
	"database/sql"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store"
)

//go:embed sql/unfinished-files.sql
var unfinishedFilesSQL string

// outcome is what one step did in the database.
type outcome struct {
	imported [][]entry       // the ready groups imported: those whose files were all still there
	vanished int             // the ready groups left out because a file of theirs had vanished
	sum      *ingest.Summary // nil when nothing was imported
	ver      *replay.Summary
	rejected map[string]bool // the files the import rejected
	// unfinished holds the files of the games verify found unfinished:
	// read, perhaps, before they were whole, they are not moved.
	unfinished map[string]bool
	known      []entry // files waiting for a partner whose bytes are already loaded
}

// process imports the ready groups and looks the lone files up, in one
// session of the database, then moves the files and says what it did.
func (w *Watcher) process(ctx context.Context, ready [][]entry, lone []entry) error {
	if _, err := os.Stat(w.opts.DBPath); len(ready) == 0 && errors.Is(err, fs.ErrNotExist) {
		// No database yet: no file is loaded, and none is made to say so.
		w.wait(lone, nil)
		return nil
	}
	db, err := schema.OpenWith(ctx, w.opts.DBPath, w.opts.Limits)
	var le *schema.LockedError
	if errors.As(err, &le) {
		if holder := fmt.Sprintf("%s (PID %d)", le.Holder, le.PID); holder != w.locked {
			fmt.Fprintf(w.opts.Err, "%s waiting: the database %s is held by %s\n", w.clock(), le.Path, holder)
			w.locked = holder
		}
		return nil
	}
	if err != nil {
		return err
	}
	w.locked = ""
	out, err := w.work(ctx, db.DB, ready, lone)
	if cerr := db.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("close the database: %w", cerr)
	}
	if err != nil {
		return err
	}
	for _, g := range out.imported {
		for _, e := range g {
			w.files[e.path].done = true
		}
	}
	if out.vanished > 0 {
		fmt.Fprintf(w.opts.Err, "%s left out %s: a file of each vanished before the import (imported again if it comes back)\n",
			w.clock(), plural(out.vanished, "game"))
	}
	w.wait(lone, out.known)
	moved := w.moveAll(out.imported, out)
	w.report(out, moved)
	return nil
}

// wait marks the files without a partner: those found already loaded are
// done; the others are said, once, to wait for their partner.
func (w *Watcher) wait(lone, known []entry) {
	isKnown := map[string]bool{}
	for _, e := range known {
		w.files[e.path].done = true
		isKnown[e.path] = true
	}
	for _, e := range lone {
		st := w.files[e.path]
		if isKnown[e.path] {
			continue
		}
		st.checked = true
		if !st.told {
			fmt.Fprintf(w.opts.Err, "%s waiting for %s, the other file of %s\n", w.clock(), e.name.Partner(), e.path)
			st.told = true
		}
	}
}

// work runs the import and the look-ups on db.
func (w *Watcher) work(ctx context.Context, db *sql.DB, ready [][]entry, lone []entry) (*outcome, error) {
	out := &outcome{rejected: map[string]bool{}, unfinished: map[string]bool{}}
	if err := w.importReady(ctx, db, ready, out); err != nil {
		return nil, err
	}
	if len(lone) > 0 {
		digests := make([]string, len(lone))
		for i, e := range lone {
			data, err := os.ReadFile(e.path)
			if err != nil {
				continue // gone or unreadable: seen again at the next scan
			}
			d := sha256.Sum256(data)
			digests[i] = hex.EncodeToString(d[:])
		}
		known, err := ingest.KnownFiles(ctx, db, digests)
		if err != nil {
			return nil, err
		}
		for i, e := range lone {
			if digests[i] != "" && known[digests[i]] {
				out.known = append(out.known, e)
			}
		}
	}
	return out, nil
}

// importReady imports the ready groups whose files are all still there
// and verifies what is not verified yet. A file can vanish between the
// scan and its reading (a user deletes or moves it): its game is left out
// of this import, and the import is made again without it, since ingest
// stops before writing anything when a path it is given does not exist.
// With nothing imported, out.imported and out.sum stay nil.
func (w *Watcher) importReady(ctx context.Context, db *sql.DB, ready [][]entry, out *outcome) error {
	if w.beforeImport != nil {
		w.beforeImport()
	}
	before, _, err := progress(ctx, db)
	if err != nil {
		return err
	}
	for retry := false; ; retry = true {
		n := len(ready)
		ready = w.present(ready, out)
		if len(ready) == 0 || (retry && len(ready) == n) {
			// Nothing left, or a path gone that came back since: the
			// next scan sees the files as they are then.
			return nil
		}
		opts := w.opts.Ingest
		opts.Paths = nil
		opts.Verify = true // each Gin game with its verdicts; store.Verify below does the rest
		for _, g := range ready {
			for _, e := range g {
				opts.Paths = append(opts.Paths, e.path)
			}
		}
		sum, err := ingest.Run(ctx, db, opts)
		if errors.Is(err, ingest.ErrNoSuchPath) && ctx.Err() == nil {
			continue // present drops the group of the file gone
		}
		if err != nil && ctx.Err() != nil {
			return interrupted(ctx, db, before)
		}
		if err != nil {
			return fmt.Errorf("import: %w", err)
		}
		out.imported, out.sum = ready, sum
		break
	}
	if out.ver, err = store.Verify(ctx, db, store.Selection{}, nil, nil); err == nil {
		out.ver.Merge(out.sum.Verified)
		// The named queries read the rollups of the blocks verified.
		err = queries.RefreshRollups(ctx, db, 0)
	}
	if err != nil {
		if ctx.Err() != nil {
			return interrupted(ctx, db, before)
		}
		return fmt.Errorf("verify: %w", err)
	}
	rejected, err := ingest.RejectedFiles(ctx, db, out.sum.ImportID)
	if err != nil {
		return err
	}
	for _, p := range rejected {
		out.rejected[p] = true
	}
	return unfinished(ctx, db, out)
}

// unfinished notes in out the files of the import's games that verify
// found unfinished.
func unfinished(ctx context.Context, db *sql.DB, out *outcome) error {
	rows, err := db.QueryContext(ctx, unfinishedFilesSQL, out.sum.ImportID, replay.CodeGameUnfinished)
	if err != nil {
		return fmt.Errorf("the unfinished games of import %d: %w", out.sum.ImportID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return fmt.Errorf("the unfinished games of import %d: %w", out.sum.ImportID, err)
		}
		out.unfinished[p] = true
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("the unfinished games of import %d: %w", out.sum.ImportID, err)
	}
	return nil
}

// present returns the groups whose files all exist, and counts the others
// in out.vanished; their files are forgotten, so that they are new to the
// next scan that finds them.
func (w *Watcher) present(ready [][]entry, out *outcome) [][]entry {
	var keep [][]entry
	for _, g := range ready {
		gone := false
		for _, e := range g {
			if _, err := os.Stat(e.path); errors.Is(err, fs.ErrNotExist) {
				gone = true
				delete(w.files, e.path)
			}
		}
		if gone {
			out.vanished++
			continue
		}
		keep = append(keep, g)
	}
	return keep
}

// report writes the line of a step that imported or found something.
func (w *Watcher) report(out *outcome, moved int) {
	var parts []string
	if s := out.sum; s != nil {
		parts = append(parts, fmt.Sprintf("import %d: %s, %d new, %d duplicate, %d mirror, %d rejected games",
			s.ImportID, plural(s.Files, "file"), s.New, s.Duplicates, s.Mirrors, s.Rejected))
		switch {
		case s.Replaced == 1:
			parts = append(parts, "1 game replaced by its complete version")
		case s.Replaced > 1:
			parts = append(parts, fmt.Sprintf("%d games replaced by their complete versions", s.Replaced))
		}
		if s.Partial > 0 {
			parts = append(parts, plural(s.Partial, "game")+" already loaded complete")
		}
		if out.ver.Games > 0 {
			parts = append(parts, fmt.Sprintf("verified %d, %d breaking rules", out.ver.Games, out.ver.GamesWithBad))
		}
		if s.TagsKept > 0 {
			parts = append(parts, fmt.Sprintf("%s kept their tags (ginlog tag --import %d changes them)", plural(s.TagsKept, "duplicate"), s.ImportID))
		}
	}
	if len(out.known) > 0 {
		parts = append(parts, plural(len(out.known), "file")+" already loaded")
	}
	if moved > 0 {
		parts = append(parts, "moved "+plural(moved, "file"))
	}
	if w.moveTo != "" && len(out.unfinished) > 0 {
		parts = append(parts, "left "+plural(len(out.unfinished), "file")+" of unfinished games in place until they change")
	}
	if len(parts) == 0 {
		return
	}
	fmt.Fprintf(w.opts.Out, "%s %s\n", w.clock(), strings.Join(parts, "; "))
}

// clock is the time of day, for the lines.
func (w *Watcher) clock() string { return w.opts.Now().Format("15:04:05") }

// plural says n things: "1 file", "8 files".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
