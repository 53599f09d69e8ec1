package ingest

import (
	"archive/zip"
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
	"unicode/utf8"

	"github.com/ginlog/ginlog/logfile"
)

// goodTurns is a well-formed one-round turn file; game writes it with a
// score file whose points make each game's content its own.
const goodTurns = "1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;C8,0,S4,S7,CK\r\n" +
	"1,D3;H6;SJ;D5;C5;CQ;C7;D7;HA;S9,1,CK,D3,DQ\r\n" +
	"1,H3;S7;D10;HJ;H7;C6;H9;S2;D2;C8,0,DQ,H3,HQ\r\n"

func scoreFile(points int) string { return fmt.Sprintf("1,0,%d,Knock,0\r\n", points) }

// writeGame writes game ts into dir, its points set to ts mod 997 + 1.
func writeGame(t *testing.T, dir string, ts int) {
	t.Helper()
	must(t, os.MkdirAll(dir, 0o755))
	must(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.csv", ts)), []byte(goodTurns), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d-score.csv", ts)), []byte(scoreFile(ts%997+1)), 0o644))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// zipEntry is a file of a test archive; raw entries carry a header whose
// sizes are written as given, not as the data has them.
type zipEntry struct {
	name string
	data []byte
	raw  *zip.FileHeader
}

func writeZip(t *testing.T, path string, entries ...zipEntry) {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range entries {
		var w interface{ Write([]byte) (int, error) }
		var err error
		if e.raw != nil {
			w, err = zw.CreateRaw(e.raw)
		} else {
			w, err = zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: zip.Deflate})
		}
		must(t, err)
		_, err = w.Write(e.data)
		must(t, err)
	}
	must(t, zw.Close())
	must(t, os.WriteFile(path, b.Bytes(), 0o644))
}

// deflated returns data compressed as a zip entry stores it.
func deflated(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "x", Method: zip.Deflate})
	must(t, err)
	_, err = w.Write(data)
	must(t, err)
	must(t, zw.Close())
	r, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	must(t, err)
	raw, err := r.File[0].OpenRaw()
	must(t, err)
	var out bytes.Buffer
	_, err = out.ReadFrom(raw)
	must(t, err)
	return out.Bytes()
}

// TestHostileFiles imports folders and archives built to break ingest:
// link loops, pipes and devices named like logs, files past the size
// limit, zip bombs, duplicate and damaged archives, names that are not
// UTF-8, timestamps out of range, paths too long. Each case holds good
// games beside the bad input: the import must end (no hang, no crash),
// report every bad input as a located error for that input only, name
// every file it skipped, and load the good games.
func TestHostileFiles(t *testing.T) {
	for _, tc := range []struct {
		name string
		// setup builds the case under dir and returns the paths to import.
		setup   func(t *testing.T, dir string) []string
		errors  []string // file (relative to dir):line:column: code, in order
		skipped []string // relative paths of the files named as skipped
		games   int      // games loaded
	}{
		{
			name: "link loops",
			setup: func(t *testing.T, dir string) []string {
				logs := filepath.Join(dir, "logs")
				writeGame(t, logs, 100)
				writeGame(t, filepath.Join(logs, "sub"), 101)
				must(t, os.Symlink("..", filepath.Join(logs, "sub", "up")))
				must(t, os.Symlink(".", filepath.Join(logs, "self")))
				must(t, os.Symlink(logs, filepath.Join(logs, "sub", "abs")))
				return []string{logs}
			},
			skipped: []string{"logs/self", "logs/sub/abs", "logs/sub/up"},
			games:   2,
		},
		{
			name: "two links to one folder",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, filepath.Join(dir, "a"), 100)
				must(t, os.Symlink("a", filepath.Join(dir, "b")))
				must(t, os.Symlink(filepath.Join(dir, "a"), filepath.Join(dir, "c")))
				return []string{dir}
			},
			skipped: []string{"b", "c"},
			games:   1,
		},
		{
			name: "named pipes",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				writeGame(t, dir, 200)
				must(t, os.Remove(filepath.Join(dir, "200.csv")))
				needFIFO(t, filepath.Join(dir, "200.csv"))
				needFIFO(t, filepath.Join(dir, "notes.txt"))
				return []string{dir}
			},
			errors:  []string{"200.csv:0:0: not-regular"},
			skipped: []string{"notes.txt"},
			games:   1,
		},
		{
			name: "a named pipe given as a zip",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				needFIFO(t, filepath.Join(dir, "logs.zip"))
				return []string{dir}
			},
			errors: []string{"logs.zip:0:0: not-regular"},
			games:  1,
		},
		{
			name: "a link to /dev/zero",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				writeGame(t, dir, 300)
				must(t, os.Remove(filepath.Join(dir, "300.csv")))
				must(t, os.Symlink("/dev/zero", filepath.Join(dir, "300.csv")))
				return []string{dir}
			},
			errors: []string{"300.csv:0:0: not-regular"},
			games:  1,
		},
		{
			name: "a file past the size limit",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				writeGame(t, dir, 400)
				must(t, os.Truncate(filepath.Join(dir, "400.csv"), MaxFileBytes+1))
				return []string{dir}
			},
			errors: []string{"400.csv:0:0: too-large"},
			games:  1,
		},
		{
			name: "a dangling link named like a log",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				writeGame(t, dir, 450)
				must(t, os.Remove(filepath.Join(dir, "450-score.csv")))
				must(t, os.Symlink("nowhere", filepath.Join(dir, "450-score.csv")))
				must(t, os.Symlink("nowhere", filepath.Join(dir, "notes")))
				return []string{dir}
			},
			errors:  []string{"450-score.csv:0:0: unreadable"},
			skipped: []string{"notes"},
			games:   1,
		},
		{
			name: "a path too long",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				// 25 levels of 200-byte names, built one level at a time: the
				// path of the 21st (4,220 bytes from dir) is past PATH_MAX.
				t.Chdir(dir)
				name := strings.Repeat("d", 200)
				for range 25 {
					must(t, os.Mkdir(name, 0o755))
					must(t, os.Chdir(name))
				}
				writeGame(t, ".", 500)
				must(t, os.Chdir(dir))
				return []string{"."}
			},
			errors: []string{strings.TrimSuffix(strings.Repeat(strings.Repeat("d", 200)+"/", 21), "/") + ":0:0: unreadable"},
			games:  1,
		},
		{
			name: "names that are not UTF-8",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				writeGame(t, filepath.Join(dir, "caf\xe9"), 600)
				must(t, os.WriteFile(filepath.Join(dir, "notes-\xff.txt"), nil, 0o644))
				odd := filepath.Join(dir, "odd\xfe.txt")
				must(t, os.WriteFile(odd, nil, 0o644))
				return []string{dir, odd}
			},
			errors: []string{
				`odd\xfe.txt:0:0: bad-name`,
				`caf\xe9/600-score.csv:0:0: bad-name`,
				`caf\xe9/600.csv:0:0: bad-name`,
			},
			skipped: []string{`notes-\xff.txt`, `odd\xfe.txt`},
			games:   1,
		},
		{
			name: "a timestamp that does not fit",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				writeGame(t, dir, 1604736245)
				for _, n := range []string{"1604736245.csv", "1604736245-score.csv"} {
					must(t, os.Rename(filepath.Join(dir, n), filepath.Join(dir, strings.Replace(n, "1604736245", "1604736245000000", 1))))
				}
				return []string{dir}
			},
			errors: []string{"1604736245000000-score.csv:0:0: bad-timestamp", "1604736245000000.csv:0:0: bad-timestamp"},
			games:  1,
		},
		{
			name: "zip bombs",
			setup: func(t *testing.T, dir string) []string {
				zeros := make([]byte, MaxFileBytes+1)
				packed := deflated(t, zeros)
				path := filepath.Join(dir, "bomb.zip")
				writeZip(t, path,
					zipEntry{name: "100.csv", data: []byte(goodTurns)},
					zipEntry{name: "100-score.csv", data: []byte(scoreFile(5))},
					zipEntry{name: "700.csv", data: zeros},
					zipEntry{name: "700-score.csv", data: []byte(scoreFile(6))},
					// An entry whose header claims 10 bytes and holds 16 MiB.
					zipEntry{raw: &zip.FileHeader{Name: "701.csv", Method: zip.Deflate, UncompressedSize64: 10,
						CompressedSize64: uint64(len(packed))}, data: packed},
					zipEntry{name: "701-score.csv", data: []byte(scoreFile(7))},
				)
				return []string{path}
			},
			errors: []string{"bomb.zip!700.csv:0:0: too-large", "bomb.zip!701.csv:0:0: unreadable"},
			games:  1,
		},
		{
			name: "two entries with one name",
			setup: func(t *testing.T, dir string) []string {
				path := filepath.Join(dir, "dup.zip")
				writeZip(t, path,
					zipEntry{name: "100.csv", data: []byte(goodTurns)},
					zipEntry{name: "100-score.csv", data: []byte(scoreFile(5))},
					zipEntry{name: "800.csv", data: []byte(goodTurns)},
					zipEntry{name: "800-score.csv", data: []byte(scoreFile(8))},
					zipEntry{name: "800.csv", data: []byte(goodTurns)},
				)
				return []string{path}
			},
			errors: []string{"dup.zip!800.csv:0:0: duplicate-name", "dup.zip!800.csv:0:0: duplicate-name"},
			games:  1,
		},
		{
			name: "damaged and false archives",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				path := filepath.Join(dir, "cut.zip")
				writeZip(t, path, zipEntry{name: "900.csv", data: []byte(goodTurns)}, zipEntry{name: "900-score.csv", data: []byte(scoreFile(9))})
				b, err := os.ReadFile(path)
				must(t, err)
				must(t, os.WriteFile(path, b[:len(b)/2], 0o644))
				must(t, os.WriteFile(filepath.Join(dir, "notes.zip"), []byte("not an archive"), 0o644))
				return []string{dir}
			},
			errors: []string{"cut.zip:0:0: bad-zip", "notes.zip:0:0: bad-zip"},
			games:  1,
		},
		{
			name: "a zip inside a zip, and a link in a zip",
			setup: func(t *testing.T, dir string) []string {
				inner := filepath.Join(dir, "inner.zip")
				writeZip(t, inner, zipEntry{name: "950.csv", data: []byte(goodTurns)})
				b, err := os.ReadFile(inner)
				must(t, err)
				must(t, os.Remove(inner))
				link := &zip.FileHeader{Name: "link.csv", Method: zip.Store}
				link.SetMode(os.ModeSymlink | 0o777)
				path := filepath.Join(dir, "outer.zip")
				writeZip(t, path,
					zipEntry{name: "100.csv", data: []byte(goodTurns)},
					zipEntry{name: "100-score.csv", data: []byte(scoreFile(5))},
					zipEntry{name: "nested/inner.ZIP", data: b},
					zipEntry{raw: link, data: []byte("/etc/passwd")},
				)
				return []string{path}
			},
			skipped: []string{"outer.zip!link.csv", "outer.zip!nested/inner.ZIP"},
			games:   1,
		},
		{
			name: "upper-case extensions",
			setup: func(t *testing.T, dir string) []string {
				writeGame(t, dir, 100)
				writeGame(t, filepath.Join(dir, "upper"), 200)
				for _, n := range []string{"200.csv", "200-score.csv"} {
					must(t, os.Rename(filepath.Join(dir, "upper", n), filepath.Join(dir, "upper", strings.TrimSuffix(n, ".csv")+".CSV")))
				}
				// 300.csv beside 300.CSV: two files for one game.
				writeGame(t, filepath.Join(dir, "both"), 300)
				must(t, os.WriteFile(filepath.Join(dir, "both", "300.CSV"), []byte(goodTurns), 0o644))
				return []string{dir}
			},
			errors: []string{"both/300.CSV:0:0: duplicate-name", "both/300.csv:0:0: duplicate-name"},
			games:  2,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			paths := tc.setup(t, dir)
			db := openDB(t, "")
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			var errs []string
			s, err := Run(ctx, db.DB, Options{Paths: paths, OnError: func(e *logfile.FileError) { errs = append(errs, e.Error()) }})
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatal("the import hung")
			}
			if err != nil {
				t.Fatal(err)
			}
			rel := func(p string) string { return strings.TrimPrefix(p, dir+string(filepath.Separator)) }
			var got []string
			for _, e := range errs {
				parts := strings.SplitN(rel(e), ": ", 3)
				if len(parts) < 3 || parts[2] == "" {
					t.Errorf("error %q has no message", e)
					continue
				}
				got = append(got, parts[0]+": "+parts[1])
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tc.errors))
			if !slices.Equal(got, want) {
				t.Errorf("errors:\n  %s\nwant:\n  %s\nmessages:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "), strings.Join(errs, "\n  "))
			}
			var skipped []string
			for _, sk := range s.SkippedFiles {
				if sk.Reason == "" {
					t.Errorf("skipped %s without a reason", sk.Path)
				}
				skipped = append(skipped, rel(sk.Path))
			}
			slices.Sort(skipped)
			if !slices.Equal(skipped, tc.skipped) || s.Skipped != len(tc.skipped) {
				t.Errorf("skipped %d: %q, want %q", s.Skipped, skipped, tc.skipped)
			}
			if n := count(t, db.DB, `SELECT count(*) FROM games`); n != tc.games || s.New != tc.games {
				t.Errorf("%d games loaded (summary %d), want %d", n, s.New, tc.games)
			}
			if n := count(t, db.DB, `SELECT count(*) FROM import_errors`); n != len(tc.errors) {
				t.Errorf("%d rows in import_errors, want %d", n, len(tc.errors))
			}
		})
	}
}

// findAll runs a finder over paths to its end and returns the pairs it
// handed on, in order.
func findAll(ctx context.Context, paths []string) ([]*pair, *finder, error) {
	f, err := newFinder(paths)
	if err != nil {
		return nil, nil, err
	}
	defer f.close()
	items := make(chan item)
	done := make(chan error, 1)
	go func() { done <- f.run(ctx, items) }()
	var pairs []*pair
	for it := range items {
		if it.p != nil {
			pairs = append(pairs, it.p)
		}
	}
	return pairs, f, <-done
}

// TestFindStopsWhenCancelled checks that the walk of a large tree stops at
// once when the import is interrupted.
func TestFindStopsWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	for i := range 50 {
		writeGame(t, filepath.Join(dir, fmt.Sprint(i)), 100+i)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := findAll(ctx, []string{dir}); !errors.Is(err, context.Canceled) {
		t.Errorf("find after cancel: %v", err)
	}
	pairs, _, err := findAll(context.Background(), []string{dir})
	if err != nil || len(pairs) != 50 {
		t.Fatalf("find: %d pairs, %v", len(pairs), err)
	}
}

// FuzzDisplay checks that a path as shown is valid UTF-8 without control
// characters, and that a clean path is shown as it is.
func FuzzDisplay(f *testing.F) {
	f.Add("logs/1604731633.csv")
	f.Add("caf\xe9/1.csv")
	f.Add("a\nb\x1b[31m.csv")
	f.Fuzz(func(t *testing.T, s string) {
		d := display(s)
		if !utf8.ValidString(d) || strings.ContainsFunc(d, isControl) {
			t.Fatalf("display(%q) = %q", s, d)
		}
		if utf8.ValidString(s) && !strings.ContainsFunc(s, isControl) && d != s {
			t.Fatalf("display(%q) = %q, want it unchanged", s, d)
		}
	})
}
