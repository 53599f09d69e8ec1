package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
)

// simDB simulates a few games and ingests them into a fresh database file,
// returning the environment that names it.
func simDB(t *testing.T, games int) map[string]string {
	t.Helper()
	logs := filepath.Join(t.TempDir(), "logs")
	if r := runCmd(t, nil, "simulate", "--games", fmt.Sprint(games), "--players", "simple,meldable", "--out", logs); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	env := map[string]string{"GINLOG_DB": testschema.Path(t)}
	if r := runCmd(t, env, "ingest", logs); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	return env
}

// folderDigest lists the files under dir with a digest of each.
func folderDigest(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		lines = append(lines, fmt.Sprintf("%s %x", p, sha256.Sum256(b)))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// TestSQLSandbox runs the escapes an adversarial pass found through the
// command: each is refused with exit 2 before it runs, and neither the
// database's folder (its WAL above all) nor the outside folder changes.
func TestSQLSandbox(t *testing.T) {
	env := simDB(t, 4)
	path := env["GINLOG_DB"]
	dir := filepath.Dir(path)
	outside := t.TempDir()
	before, beforeOut := folderDigest(t, dir), folderDigest(t, outside)
	for _, tc := range []struct{ name, sql string }{
		{"copy to the WAL", `COPY (SELECT 1) TO '` + path + `.wal'`},
		{"copy into db.tmp", `COPY (SELECT 1 AS a) TO '` + path + `.tmp' (FORMAT csv, PARTITION_BY a)`},
		{"copy outside", `COPY games TO '` + outside + `/games.csv'`},
		{"export", `EXPORT DATABASE '` + outside + `/exp'`},
		{"attach", `ATTACH '` + outside + `/o.duckdb' AS o`},
		{"install", `INSTALL httpfs`},
		{"load", `LOAD httpfs`},
		{"read_text of the WAL", `SELECT * FROM read_text('` + path + `.wal')`},
		{"read_csv", `SELECT * FROM read_csv('/etc/passwd')`},
		{"call enable_logging", `CALL enable_logging(storage = 'file', storage_path = '` + path + `.tmp')`},
		{"select enable_logging", `SELECT * FROM enable_logging(storage = 'file', storage_path = '` + outside + `')`},
		{"select then copy", `SELECT 1; COPY (SELECT 1) TO '` + path + `.wal'`},
		{"pragma", `PRAGMA memory_limit = '64GB'`},
		{"set", `SET enable_external_access = true`},
		{"checkpoint", `CHECKPOINT`},
		{"delete", `DELETE FROM games`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, "sql", tc.sql)
			if r.code != exitUsage || !strings.Contains(r.err, "ginlog sql is read-only") {
				t.Errorf("exit %d, want %d and a refusal: %s", r.code, exitUsage, r.err)
			}
		})
	}
	if after := folderDigest(t, dir); after != before {
		t.Errorf("the database's folder changed:\n%s\nwant:\n%s", after, before)
	}
	if after := folderDigest(t, outside); after != beforeOut {
		t.Errorf("the outside folder changed:\n%s", after)
	}
	if r := runCmd(t, env, "sql", "SELECT count(*) FROM games", "--format", "csv"); r.out != "count_star()\n4\n" {
		t.Errorf("games after the escapes: %q %s", r.out, r.err)
	}
}

// TestSQLPathIsAPath checks that a --db or GINLOG_DB path with '?' or '#'
// is refused for readers and writers: the driver would read options from
// it, and before the fix such a path opened the read-only database
// writable.
func TestSQLPathIsAPath(t *testing.T) {
	env := simDB(t, 2)
	path := env["GINLOG_DB"]
	hash := filepath.Join(filepath.Dir(path), "x#y.duckdb")
	if err := os.Link(path, hash); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"GINLOG_DB options", map[string]string{"GINLOG_DB": path + "?access_mode=read_write&enable_external_access=true"},
			[]string{"sql", "CREATE TABLE notes (x INTEGER)"}},
		{"--db options", nil, []string{"sql", "--db", path + "?access_mode=read_write", "CREATE TABLE notes (x INTEGER)"}},
		{"--db fragment", nil, []string{"sql", "--db", hash, "CREATE TABLE notes (x INTEGER)"}},
		{"query with options", nil, []string{"query", "summary", "--db", path + "?enable_external_access=true"}},
		{"ingest with options", nil, []string{"ingest", "--db", path + "?threads=1", t.TempDir()}},
		{"verify with a fragment", nil, []string{"verify", "--db", hash}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.env, tc.args...)
			if r.code != exitUsage || !strings.Contains(r.err, "may not contain '?' or '#'") {
				t.Errorf("exit %d, want %d: %s", r.code, exitUsage, r.err)
			}
		})
	}
	if r := runCmd(t, env, "sql", "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'notes'", "--format", "csv"); r.out != "count_star()\n0\n" {
		t.Errorf("a table was created: %q %s", r.out, r.err)
	}
}

// heapWatcher is an output that samples the heap as rows arrive.
type heapWatcher struct {
	bytes int
	next  int // the output size at which the heap is read next
	peak  uint64
}

// Write counts the output and, every 4 MiB of it, reads the heap live
// after a collection: what the command holds, not the garbage a loaded
// machine's collector has not swept yet, which grows with whatever the
// test process holds beside it.
func (h *heapWatcher) Write(p []byte) (int, error) {
	h.bytes += len(p)
	if h.bytes >= h.next {
		h.next = h.bytes + 4<<20
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		h.peak = max(h.peak, m.HeapAlloc)
	}
	return len(p), nil
}

// TestSQLStreams checks that a large result is written as it comes: the
// heap stays small while two million rows pass (held whole, they take
// hundreds of MB): piped rows (the default format), CSV, JSON, and the
// aligned table an explicit --format table draws a page at a time (some
// 25 s on two cores). -short streams the default format alone.
func TestSQLStreams(t *testing.T) {
	env := simDB(t, 2)
	for _, format := range []string{"default", "csv", "json", "table"} {
		t.Run(format, func(t *testing.T) {
			if format != "default" {
				testenv.Long(t, "streams two million rows in each format; -short streams the default one")
			}
			args := []string{"sql", "SELECT range AS n, 'x' || range AS s FROM range(2000000)", "--max-rows", "0", "--timeout", "10m"}
			if format != "default" {
				args = append(args, "--format", format)
			}
			runtime.GC()
			var base runtime.MemStats
			runtime.ReadMemStats(&base)
			h := &heapWatcher{}
			var errb bytes.Buffer
			a := &app{in: strings.NewReader(""), out: h, err: &errb, getenv: envOf(env),
				terminal: func(io.Writer) bool { return false }}
			if code := a.execute(context.Background(), args); code != exitOK {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if h.bytes < 2000000*4 {
				t.Fatalf("%d bytes written", h.bytes)
			}
			if grew := int64(h.peak) - int64(base.HeapAlloc); grew > 64<<20 {
				t.Errorf("the heap grew by %d MiB while streaming, want under 64", grew>>20)
			}
		})
	}
}

func TestSQLLimits(t *testing.T) {
	env := simDB(t, 2)
	for _, tc := range []struct {
		name    string
		args    []string
		code    int
		wantErr string
	}{
		{"timeout", []string{"sql", "--timeout", "300ms", "SELECT count(*) FROM range(1000000000000)"}, exitError, "ran longer than --timeout 300ms"},
		{"memory", []string{"sql", "--memory-limit", "16MB", "SELECT list(range) FROM range(100000000)"}, exitError, "needs more than --memory-limit 16MB"},
		{"bad memory limit", []string{"sql", "--memory-limit", "lots", "SELECT 1"}, exitUsage, `--memory-limit: want a size such as 512MB or 2GB, got "lots"`},
		{"negative timeout", []string{"sql", "--timeout", "-1s", "SELECT 1"}, exitUsage, "--timeout: want a duration"},
		{"two statements", []string{"sql", "SELECT 1; SELECT 2"}, exitUsage, "the text holds 2 statements: run them one at a time"},
		{"max rows", []string{"sql", "--max-rows", "3", "SELECT range FROM range(10) ORDER BY range DESC; -- the end"}, exitRejected, "the result has more than 3 rows: the first 3 are shown"},
		{"negative max rows", []string{"sql", "--max-rows", "-1", "SELECT 1"}, exitUsage, "--max-rows"},
		{"syntax", []string{"sql", "SELEC 1"}, exitUsage, "Parser Error"},
		{"memory database", []string{"sql", "--db", ":memory:", "SELECT 1"}, exitNoMatch, "an in-memory database holds nothing to read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, env, tc.args...)
			if r.code != tc.code || !strings.Contains(r.err, tc.wantErr) {
				t.Errorf("exit %d, want %d with %q: %s", r.code, tc.code, tc.wantErr, r.err)
			}
		})
	}
}

// TestCardListsAreArrays: a column holding a list of cards (a hand) is a
// JSON array of card names, and its cards separated by spaces in the text
// formats, never the list's Go text.
func TestCardListsAreArrays(t *testing.T) {
	env := corpusDB(t, testenv.Sample)
	const stmt = "SELECT hand FROM plays ORDER BY game_id, round, ply LIMIT 1"
	r := runCmd(t, env, "sql", stmt, "-f", "json")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	var rows []struct {
		Hand []string `json:"hand"`
	}
	if err := json.Unmarshal([]byte(r.out), &rows); err != nil {
		t.Fatalf("%v:\n%s", err, r.out)
	}
	if len(rows) != 1 || len(rows[0].Hand) != gin.HandSize {
		t.Fatalf("hand %v, want one row of %d cards", rows, gin.HandSize)
	}
	for _, c := range rows[0].Hand {
		if _, err := gin.ParseCard(c); err != nil {
			t.Errorf("hand %v: %v", rows[0].Hand, err)
		}
	}
	csv := runCmd(t, env, "sql", stmt, "-f", "csv")
	if want := "hand\n" + strings.Join(rows[0].Hand, " ") + "\n"; csv.out != want {
		t.Errorf("csv %q, want %q", csv.out, want)
	}
}
