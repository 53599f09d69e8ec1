package ingest

import (
	"archive/zip"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/schema"
	"golang.org/x/tools/txtar"
)

const realLogs = "../../shared/reallogs"

func openDB(t testing.TB, path string) *schema.DB {
	t.Helper()
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func count(t testing.TB, db *sql.DB, q string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func run(t testing.TB, db *sql.DB, paths ...string) (*Summary, []string) {
	t.Helper()
	var errs []string
	s, err := Run(context.Background(), db, Options{Paths: paths, OnError: func(e *FileError) { errs = append(errs, e.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	return s, errs
}

// TestMalformed runs every case of testdata/malformed: a txtar archive whose
// comment lists the exact errors wanted ("want: file:line:column: code") and
// how many games load; each holds a good game beside the bad one.
func TestMalformed(t *testing.T) {
	files, _ := filepath.Glob("testdata/malformed/*.txtar")
	if len(files) < 20 {
		t.Fatalf("%d malformed cases, want at least 20", len(files))
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, f := range ar.Files {
				if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var want []string
			wantLoaded := -1
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if w, ok := strings.CutPrefix(line, "want: "); ok {
					want = append(want, w)
				}
				if n, ok := strings.CutPrefix(line, "loaded: "); ok {
					wantLoaded = atoi(n)
				}
			}
			db := openDB(t, "")
			s, errs := run(t, db.DB, dir)
			var got []string
			for _, e := range errs {
				e = strings.TrimPrefix(e, dir+string(filepath.Separator))
				// Compare the location and code; the message is for people.
				parts := strings.SplitN(e, ": ", 3)
				got = append(got, parts[0]+": "+parts[1])
				if len(parts) < 3 || parts[2] == "" {
					t.Errorf("error %q has no message", e)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
			if n := count(t, db.DB, `SELECT count(*) FROM games`); n != wantLoaded || s.New != wantLoaded {
				t.Errorf("%d games loaded (summary %d), want %d", n, s.New, wantLoaded)
			}
			if count(t, db.DB, `SELECT count(*) FROM games WHERE log_ts = 100`) != 1 {
				t.Error("the good game of the batch was not loaded")
			}
			if n := count(t, db.DB, `SELECT count(*) FROM import_errors`); n != len(want) {
				t.Errorf("%d rows in import_errors, want %d", n, len(want))
			}
			if len(want) > 0 && (s.Rejected != 1 || count(t, db.DB, `SELECT count(*) FROM import_files WHERE status = 'rejected'`) == 0) {
				t.Errorf("rejected %d games, want 1", s.Rejected)
			}
		})
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range strings.TrimSpace(s) {
		n = n*10 + int(c-'0')
	}
	return n
}

func needRealLogs(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(realLogs); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("real logs absent under CI: %v", err)
		}
		t.Skipf("real logs absent (%v): run from a checkout with ../shared beside it", err)
	}
}

func TestRealLogs(t *testing.T) {
	needRealLogs(t)
	db := openDB(t, filepath.Join(t.TempDir(), "g.duckdb"))
	s, errs := run(t, db.DB, realLogs)
	if s.New != 8 || s.Rounds != 66 || s.Plays != 1871 || s.Errors != 0 || len(errs) != 0 || s.Files != 16 {
		t.Fatalf("summary %+v, errors %v; want 8 games, 66 rounds, 1871 plays, 0 errors", s, errs)
	}
	for _, c := range []struct {
		q    string
		want int
	}{
		{`SELECT count(*) FROM games`, 8},
		{`SELECT count(*) FROM rounds`, 66},
		{`SELECT count(*) FROM plays`, 1871},
		{`SELECT sum(plays) FROM rounds`, 1871},
		{`SELECT count(*) FROM rounds WHERE action = 'Drop' AND stock_draws <> 31`, 0},
		{`SELECT count(*) FROM games WHERE rounds <> (SELECT count(*) FROM rounds r WHERE r.game_id = games.game_id)`, 0},
		{`SELECT count(*) FROM plays WHERE hand[1] <> drawn`, 0},
		{`SELECT count(*) FROM plays WHERE bit_count(hand_mask) <> 10`, 0},
		{`SELECT count(*) FROM games WHERE (you_total >= 100 OR opp_total >= 100) AND you_total <> opp_total`, 8},
	} {
		if got := count(t, db.DB, c.q); got != c.want {
			t.Errorf("%s = %d, want %d", c.q, got, c.want)
		}
	}
	// Importing again changes nothing.
	before := tableDigest(t, db.DB)
	s2, _ := run(t, db.DB, realLogs)
	if s2.Duplicates != 8 || s2.New != 0 || tableDigest(t, db.DB) != before {
		t.Errorf("second import: %+v; tables changed: %v", s2, tableDigest(t, db.DB) != before)
	}
}

// tableDigest summarises the game tables (all but the import bookkeeping).
func tableDigest(t testing.TB, db *sql.DB) string {
	t.Helper()
	var parts []string
	for _, q := range []string{
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, log_ts, content_hash, canonical_hash, mirror_of, rounds, plays, you_total, opp_total, winner)), 0) FROM games`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, first_mover, plays, stock_draws, action, caller, you_points, opp_points)), 0) FROM rounds`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, ply, actor, hand, hand_mask, top, drawn, from_discard, discarded)), 0) FROM plays`,
	} {
		var s string
		if err := db.QueryRow(q).Scan(&s); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestRealLogsFromZip(t *testing.T) {
	needRealLogs(t)
	dir := t.TempDir()
	zpath := filepath.Join(dir, "logs.zip")
	zf, _ := os.Create(zpath)
	zw := zip.NewWriter(zf)
	names, _ := filepath.Glob(filepath.Join(realLogs, "*.csv"))
	for i, n := range names {
		b, _ := os.ReadFile(n)
		inner := filepath.Base(n)
		if i < 8 { // some at the top, some in a folder, pairs kept together
			inner = "games/" + inner
		}
		w, _ := zw.Create(inner)
		w.Write(b)
	}
	zw.Close()
	zf.Close()
	db := openDB(t, "")
	s, errs := run(t, db.DB, zpath)
	if len(errs) != 0 || s.Rejected != 0 {
		t.Fatalf("errors %v", errs)
	}
	if s.New != 8 || s.Plays != 1871 {
		// The first 8 sorted files are the first 4 games' pairs, so every pair stays in one folder.
		t.Fatalf("from zip: %+v", s)
	}
	// The same games from the directory are duplicates.
	s2, _ := run(t, db.DB, realLogs)
	if s2.Duplicates != 8 {
		t.Errorf("directory after zip: %+v", s2)
	}
}

// TestMirror imports a real game and the same game as its opponent would
// have logged it (player flags inverted, points swapped): the second is
// loaded once more, linked to the first.
func TestMirror(t *testing.T) {
	needRealLogs(t)
	dir := t.TempDir()
	turns, _ := os.ReadFile(filepath.Join(realLogs, "1604731633.csv"))
	scores, _ := os.ReadFile(filepath.Join(realLogs, "1604731633-score.csv"))
	os.WriteFile(filepath.Join(dir, "1604731633.csv"), turns, 0o644)
	os.WriteFile(filepath.Join(dir, "1604731633-score.csv"), scores, 0o644)
	var mt, ms []string
	for _, line := range strings.Split(strings.TrimSpace(string(turns)), "\r\n") {
		f := strings.Split(line, ",")
		f[2] = map[string]string{"0": "1", "1": "0"}[f[2]]
		mt = append(mt, strings.Join(f, ","))
	}
	for _, line := range strings.Split(strings.TrimSpace(string(scores)), "\r\n") {
		f := strings.Split(line, ",")
		f[1], f[2] = f[2], f[1]
		f[4] = map[string]string{"0": "1", "1": "0"}[f[4]]
		ms = append(ms, strings.Join(f, ","))
	}
	other := filepath.Join(dir, "other")
	os.Mkdir(other, 0o755)
	os.WriteFile(filepath.Join(other, "1604731633.csv"), []byte(strings.Join(mt, "\r\n")+"\r\n"), 0o644)
	os.WriteFile(filepath.Join(other, "1604731633-score.csv"), []byte(strings.Join(ms, "\r\n")+"\r\n"), 0o644)
	db := openDB(t, "")
	s, errs := run(t, db.DB, dir)
	if len(errs) != 0 || s.New != 1 || s.Mirrors != 1 {
		t.Fatalf("summary %+v errors %v, want 1 new and 1 mirror", s, errs)
	}
	if n := count(t, db.DB, `SELECT count(*) FROM games a JOIN games b ON b.mirror_of = a.game_id AND a.you_total = b.opp_total AND a.canonical_hash = b.canonical_hash`); n != 1 {
		t.Errorf("mirror not linked: %d", n)
	}
}

func TestMissingPath(t *testing.T) {
	db := openDB(t, "")
	_, err := Run(context.Background(), db.DB, Options{Paths: []string{"/nonexistent/logs"}})
	if err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("err %v", err)
	}
}

func TestExplicitNonLogFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "notes.txt")
	os.WriteFile(p, []byte("hello"), 0o644)
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("x"), 0o644)
	db := openDB(t, "")
	s, errs := run(t, db.DB, p)
	if len(errs) != 1 || !strings.Contains(errs[0], "bad-name") || s.BadFiles != 1 || s.Rejected != 0 {
		t.Errorf("errs %v summary %+v", errs, s)
	}
	s, errs = run(t, db.DB, dir) // found by walking: skipped and named, not an error
	var names []string
	for _, sk := range s.SkippedFiles {
		names = append(names, filepath.Base(sk.Path))
	}
	slices.Sort(names)
	if len(errs) != 0 || s.Skipped != 2 || !slices.Equal(names, []string{"README.md", "notes.txt"}) {
		t.Errorf("walking: errs %v summary %+v", errs, s)
	}
}

func FuzzParseTurns(f *testing.F) {
	f.Add([]byte("1,S7;D10;HJ;H7;C6;HQ;H9;S2;D2;C8,0,S4,S7,CK\r\n"))
	f.Add([]byte("\xef\xbb\xbf1,S7;;,0,S4\n\n\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &fileParser{name: "x.csv"}
		plays := p.turns(data)
		for _, e := range p.errs {
			if e.Line < 1 || e.Code == "" || e.Msg == "" {
				t.Fatalf("error without a line, code or message: %+v", e)
			}
		}
		for _, pl := range plays {
			if pl.Line < 1 || pl.Round < 1 || pl.Round > MaxRounds {
				t.Fatalf("play %+v", pl)
			}
		}
	})
}

func FuzzParseScores(f *testing.F) {
	f.Add([]byte("1,0,16,Knock,0\r\n2,25,0,Gin,1\r\n"))
	f.Add([]byte("1,0,-1,Drop,2\n\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &fileParser{name: "x-score.csv"}
		p.scores(data)
		for _, e := range p.errs {
			if e.Line < 1 || e.Code == "" || e.Msg == "" {
				t.Fatalf("error without a line, code or message: %+v", e)
			}
		}
	})
}
