package watch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/schema"
)

// clock is a clock the test steps.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// harness is a watcher on a fake clock, with what it printed.
type harness struct {
	*Watcher
	clock    *clock
	out, err *bytes.Buffer
	db       string
}

const settle = time.Second

func newHarness(t *testing.T, moveTo string, dirs ...string) *harness {
	t.Helper()
	h := &harness{clock: &clock{time.Date(2026, 1, 2, 10, 0, 0, 0, time.Local)},
		out: &bytes.Buffer{}, err: &bytes.Buffer{}, db: filepath.Join(t.TempDir(), "g.duckdb")}
	w, err := New(Options{Dirs: dirs, DBPath: h.db, MoveTo: moveTo, Settle: settle,
		Ingest: ingest.Options{OnError: func(e *logfile.FileError) { fmt.Fprintln(h.err, e) }},
		Out:    h.out, Err: h.err, Now: h.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	h.Watcher = w
	return h
}

// step advances the clock by d, then steps.
func (h *harness) step(t *testing.T, d time.Duration) {
	t.Helper()
	h.clock.advance(d)
	if err := h.Step(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// lines returns what was printed on out since the last call, and clears it.
func (h *harness) lines() string {
	s := h.out.String()
	h.out.Reset()
	return s
}

// games reads the games of the database and how many are not verified.
func games(t *testing.T, path string) (n, plays, unverified int) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		return 0, 0, 0
	}
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.QueryRow(`SELECT count(*), coalesce(sum(plays), 0), count(*) FILTER (WHERE game_id NOT IN (SELECT game_id FROM game_checks)) FROM games`).Scan(&n, &plays, &unverified)
	if err != nil {
		t.Fatal(err)
	}
	return n, plays, unverified
}

func TestNewRefuses(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	file := filepath.Join(dir, "file")
	os.MkdirAll(filepath.Join(in, "sub"), 0o755)
	os.WriteFile(file, nil, 0o644)
	os.Symlink(filepath.Join(in, "sub"), filepath.Join(dir, "link"))
	for _, tc := range []struct {
		name   string
		dirs   []string
		moveTo string
		is     error
	}{
		{"missing folder", []string{filepath.Join(dir, "none")}, "", ErrNotFolder},
		{"a file", []string{file}, "", ErrNotFolder},
		{"move to the watched folder", []string{in}, in, ErrMoveInside},
		{"move to a subfolder", []string{in}, filepath.Join(in, "sub"), ErrMoveInside},
		{"move to a new subfolder", []string{in}, filepath.Join(in, "new", "deeper"), ErrMoveInside},
		{"move through a link into it", []string{in}, filepath.Join(dir, "link", "done"), ErrMoveInside},
		{"move into the second folder", []string{t.TempDir(), in}, filepath.Join(in, "x"), ErrMoveInside},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(Options{Dirs: tc.dirs, MoveTo: tc.moveTo})
			if !errors.Is(err, tc.is) {
				t.Errorf("error %v, want %v", err, tc.is)
			}
			if tc.moveTo != "" && strings.Contains(tc.moveTo, "new") {
				if _, err := os.Stat(filepath.Join(in, "new")); err == nil {
					t.Error("the refused folder was created")
				}
			}
		})
	}
	for _, tc := range []struct {
		name   string
		moveTo string
	}{
		{"beside", filepath.Join(dir, "done")},
		{"around it", dir},
		{"a prefix of its name", in + "-done"},
	} {
		t.Run("accepts "+tc.name, func(t *testing.T) {
			if _, err := New(Options{Dirs: []string{in}, MoveTo: tc.moveTo}); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestSlowWrites: a file written in parts is imported once it has stopped
// changing, whole; an empty file (a browser's placeholder) never is.
func TestSlowWrites(t *testing.T) {
	in := t.TempDir()
	h := newHarness(t, "", in)
	turns, scores := testlogs.Read(t, testlogs.Meldable[0])
	testlogs.Write(t, in, "1700000000-score.csv", scores)
	half := len(turns) / 2
	testlogs.Write(t, in, "1700000000.csv", turns[:half])
	testlogs.Write(t, in, "1700000001.csv", nil) // a placeholder
	testlogs.Write(t, in, "1700000001-score.csv", nil)
	h.step(t, 0)
	for i := 1; i <= 4; i++ {
		f, err := os.OpenFile(filepath.Join(in, "1700000000.csv"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(turns[half+(i-1)*(len(turns)-half)/4 : half+i*(len(turns)-half)/4])
		f.Close()
		// A later modification time, as a slow writer gives.
		os.Chtimes(filepath.Join(in, "1700000000.csv"), time.Time{}, time.Now().Add(time.Duration(i)*time.Second))
		h.step(t, settle*9/10)
		if got := h.lines(); got != "" {
			t.Fatalf("part %d: imported while written: %s", i, got)
		}
	}
	h.step(t, settle*9/10)
	if got := h.lines(); got != "" {
		t.Fatalf("imported before settling: %s", got)
	}
	h.step(t, settle/5)
	if got, want := h.lines(), "10:00:04 import 1: 2 files, 1 new, 0 duplicate, 0 mirror, 0 rejected games; verified 1, 0 breaking rules\n"; got != want {
		t.Errorf("out %q, want %q", got, want)
	}
	if n, plays, _ := games(t, h.db); n != 1 || plays != bytes.Count(turns, []byte("\n")) {
		t.Errorf("%d games, %d plays; want the whole game, %d plays", n, plays, bytes.Count(turns, []byte("\n")))
	}
	h.step(t, time.Hour)
	if got := h.lines() + h.err.String(); got != "" {
		t.Errorf("nothing more to do, yet: %s", got)
	}
}

// TestHalfWrittenGame: a game whose files stopped growing for a while
// half-way is imported as it was (verify finds it unfinished), and
// replaced by the whole game when the files have grown and settled
// again: the database holds the game once. With --move-to, the files of
// the unfinished game stay in place, where they grow, and move once the
// game is whole.
func TestHalfWrittenGame(t *testing.T) {
	turns, scores := testlogs.Read(t, testlogs.Meldable[0])
	lines := bytes.SplitAfter(turns, []byte("\n"))
	cutAt := len(bytes.Join(lines[:60], nil))
	var round int
	fmt.Sscanf(string(lines[59]), "%d,", &round)
	scoreCut := len(bytes.Join(bytes.SplitAfter(scores, []byte("\n"))[:round], nil))
	for _, tc := range []struct {
		name         string
		move         bool
		first, whole string
	}{
		{"in place", false,
			"10:00:01 import 1: 2 files, 1 new, 0 duplicate, 0 mirror, 0 rejected games; verified 1, 1 breaking rules\n",
			"10:00:02 import 2: 2 files, 1 new, 0 duplicate, 0 mirror, 0 rejected games; 1 game replaced by its complete version; verified 1, 0 breaking rules\n"},
		{"moved", true,
			"10:00:01 import 1: 2 files, 1 new, 0 duplicate, 0 mirror, 0 rejected games; verified 1, 1 breaking rules; left 2 files of unfinished games in place until they change\n",
			"10:00:02 import 2: 2 files, 1 new, 0 duplicate, 0 mirror, 0 rejected games; 1 game replaced by its complete version; verified 1, 0 breaking rules; moved 2 files\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, done := t.TempDir(), ""
			if tc.move {
				done = filepath.Join(t.TempDir(), "done")
			}
			h := newHarness(t, done, in)
			testlogs.Write(t, in, "1700000000.csv", turns[:cutAt])
			testlogs.Write(t, in, "1700000000-score.csv", scores[:scoreCut])
			h.step(t, 0)
			h.step(t, settle)
			if got := h.lines(); got != tc.first {
				t.Fatalf("out %q, want %q", got, tc.first)
			}
			for i, f := range []struct {
				name string
				rest []byte
			}{{"1700000000.csv", turns[cutAt:]}, {"1700000000-score.csv", scores[scoreCut:]}} {
				path := filepath.Join(in, f.name)
				file, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := file.Write(f.rest); err != nil {
					t.Fatal(err)
				}
				file.Close()
				os.Chtimes(path, time.Time{}, time.Now().Add(time.Duration(i+1)*time.Second))
			}
			h.step(t, settle/2)
			h.step(t, settle)
			if got := h.lines(); got != tc.whole {
				t.Errorf("out %q, want %q", got, tc.whole)
			}
			if n, plays, _ := games(t, h.db); n != 1 || plays != bytes.Count(turns, []byte("\n")) {
				t.Errorf("%d games, %d plays; want the whole game once, %d plays", n, plays, bytes.Count(turns, []byte("\n")))
			}
			h.step(t, time.Hour)
			if got := h.lines(); got != "" {
				t.Errorf("nothing more to do, yet: %s", got)
			}
		})
	}
}

// TestAtomicRename: a file written under another name and renamed into
// place is imported once, when it has settled under its name.
func TestAtomicRename(t *testing.T) {
	in := t.TempDir()
	done := filepath.Join(t.TempDir(), "done")
	h := newHarness(t, done, in)
	turns, scores := testlogs.Read(t, testlogs.Simple[0])
	testlogs.Write(t, in, "1700000100.csv.crdownload", turns)
	testlogs.Write(t, in, ".1700000100-score.csv.part", scores)
	h.step(t, 0)
	h.step(t, time.Hour)
	if got := h.lines(); got != "" {
		t.Fatalf("a file under a temporary name was imported: %s", got)
	}
	for _, r := range [][2]string{{"1700000100.csv.crdownload", "1700000100.csv"}, {".1700000100-score.csv.part", "1700000100-score.csv"}} {
		if err := os.Rename(filepath.Join(in, r[0]), filepath.Join(in, r[1])); err != nil {
			t.Fatal(err)
		}
	}
	h.step(t, settle/2)
	h.step(t, settle*3/4)
	if got := h.lines(); got != "" {
		t.Fatalf("imported before settling: %s", got)
	}
	h.step(t, settle/2)
	if got := h.lines(); !strings.Contains(got, "import 1: 2 files, 1 new,") || !strings.HasSuffix(got, "; moved 2 files\n") {
		t.Errorf("out %q", got)
	}
	moved, _ := os.ReadDir(done)
	if len(moved) != 2 {
		t.Errorf("moved %v", moved)
	}
}

// TestWaitingForAPartner: a file without its partner is said once, and
// imported with it when it comes; one whose bytes are loaded already (a
// pair half moved) is moved without an import.
func TestWaitingForAPartner(t *testing.T) {
	in := t.TempDir()
	done := filepath.Join(t.TempDir(), "done")
	h := newHarness(t, done, in)
	turns, scores := testlogs.Read(t, testlogs.Random[0])
	testlogs.Write(t, in, "1700000200.csv", turns)
	h.step(t, 0)
	h.step(t, settle)
	h.step(t, settle)
	want := fmt.Sprintf("10:00:01 waiting for 1700000200-score.csv, the other file of %s\n", filepath.Join(in, "1700000200.csv"))
	if h.err.String() != want || h.out.String() != "" {
		t.Fatalf("stderr %q, stdout %q; want %q", h.err, h.out, want)
	}
	testlogs.Write(t, in, "1700000200-score.csv", scores)
	h.step(t, settle)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "10:00:04 import 1: 2 files, 1 new,") {
		t.Fatalf("out %q", got)
	}
	// The same turn file again, alone, as if a move had been cut short.
	testlogs.Write(t, filepath.Join(in, "sub"), "1700000200.csv", turns)
	h.step(t, 0)
	h.step(t, settle)
	if got, want := h.lines(), "10:00:05 1 file already loaded; moved 1 file\n"; got != want {
		t.Errorf("out %q, want %q", got, want)
	}
	if _, err := os.Stat(filepath.Join(done, "sub", "1700000200.csv")); err != nil {
		t.Errorf("not moved: %v", err)
	}
}

// TestRejectedStay: the files of a rejected game stay in place and are not
// tried again until they change; the good game beside them moves.
func TestRejectedStay(t *testing.T) {
	in := t.TempDir()
	done := filepath.Join(t.TempDir(), "done")
	h := newHarness(t, done, in)
	testlogs.Copy(t, in, testlogs.Simple[1])
	turns, scores := testlogs.Read(t, testlogs.Simple[2])
	bad := bytes.Replace(turns, []byte(";"), []byte(";X"), 1)
	testlogs.Write(t, in, "1700000102.csv", bad)
	testlogs.Write(t, in, "1700000102-score.csv", scores)
	h.step(t, 0)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 1: 4 files, 1 new, 0 duplicate, 0 mirror, 1 rejected games") || !strings.HasSuffix(got, "moved 2 files\n") {
		t.Fatalf("out %q", got)
	}
	if !strings.Contains(h.err.String(), filepath.Join(in, "1700000102.csv")+":1:") {
		t.Errorf("the defect was not printed: %s", h.err)
	}
	left, _ := os.ReadDir(in)
	if len(left) != 2 {
		t.Errorf("left in place: %v", left)
	}
	h.step(t, time.Hour)
	if got := h.lines(); got != "" {
		t.Errorf("tried again unchanged: %s", got)
	}
	testlogs.Write(t, in, "1700000102.csv", turns)
	h.step(t, 0)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 2: 2 files, 1 new") {
		t.Errorf("not tried again once changed: %s", got)
	}
}

// TestMoveNamesTaken: files whose names are taken in the folder they move
// to get a copy number, and still pair when imported from there.
func TestMoveNamesTaken(t *testing.T) {
	in := t.TempDir()
	done := t.TempDir()
	h := newHarness(t, done, in)
	// Another game under the names of game 1700000000, already there.
	turns, scores := testlogs.Read(t, testlogs.Simple[3])
	testlogs.Write(t, done, "1700000000.csv", turns)
	testlogs.Write(t, done, "1700000000-score.csv", scores)
	testlogs.Write(t, done, "1700000000 (1).csv", turns)
	testlogs.Copy(t, in, testlogs.Meldable[0])
	h.step(t, 0)
	h.step(t, settle)
	var names []string
	ls, _ := os.ReadDir(done)
	for _, e := range ls {
		names = append(names, e.Name())
	}
	want := []string{"1700000000 (1).csv", "1700000000 (2).csv", "1700000000-score (2).csv", "1700000000-score.csv", "1700000000.csv"}
	if !slices.Equal(names, want) {
		t.Fatalf("moved to %q, want %q", names, want)
	}
	db := testschema.Open(t)
	s, err := ingest.Run(context.Background(), db.DB, ingest.Options{Paths: []string{done}})
	if err != nil || s.New != 2 || s.Rejected != 0 || len(s.SkippedFiles) != 1 {
		t.Errorf("import of the folder moved to: %+v, %v; want both games and the same bytes skipped", s, err)
	}
}

// TestVanishedFile: a file removed between the scan and its import leaves
// its game out of that import, the others are imported; it is imported
// when it comes back.
func TestVanishedFile(t *testing.T) {
	in := t.TempDir()
	done := filepath.Join(t.TempDir(), "done")
	h := newHarness(t, done, in)
	testlogs.Copy(t, in, testlogs.Simple[1])
	turns, scores := testlogs.Read(t, testlogs.Simple[2])
	testlogs.Write(t, in, "1700000102.csv", turns)
	testlogs.Write(t, in, "1700000102-score.csv", scores)
	gone := filepath.Join(in, "1700000102-score.csv")
	h.beforeImport = func() {
		if err := os.Remove(gone); err != nil {
			t.Error(err)
		}
		h.beforeImport = nil
	}
	h.step(t, 0)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 1: 2 files, 1 new,") || !strings.HasSuffix(got, "moved 2 files\n") {
		t.Fatalf("out %q", got)
	}
	if want := "10:00:01 left out 1 game: a file of each vanished before the import (imported again if it comes back)\n"; h.err.String() != want {
		t.Errorf("stderr %q, want %q", h.err, want)
	}
	h.err.Reset()
	testlogs.Write(t, in, "1700000102-score.csv", scores)
	h.step(t, 0)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 2: 2 files, 1 new,") || !strings.HasSuffix(got, "moved 2 files\n") {
		t.Errorf("not imported once back: out %q, stderr %q", got, h.err)
	}
	if n, _, unverified := games(t, h.db); n != 2 || unverified != 0 {
		t.Errorf("%d games, %d not verified; want 2, verified", n, unverified)
	}
}

// TestVanishedFolder: a watched folder removed for a while is waited for,
// said once, and watched again when it is back.
func TestVanishedFolder(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, "", in)
	h.step(t, 0)
	if err := os.RemoveAll(in); err != nil {
		t.Fatal(err)
	}
	h.step(t, settle)
	h.step(t, settle)
	want := fmt.Sprintf("10:00:01 waiting for the watched folder %s: lstat: no such file or directory\n", in)
	if h.err.String() != want {
		t.Errorf("stderr %q, want %q", h.err, want)
	}
	h.err.Reset()
	testlogs.Copy(t, in, testlogs.Simple[1])
	h.step(t, 0)
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 1: 2 files, 1 new,") {
		t.Errorf("not imported once back: out %q", got)
	}
	if want := fmt.Sprintf("10:00:02 watching %s again\n", in); h.err.String() != want {
		t.Errorf("stderr %q, want %q", h.err, want)
	}
}
