package ingest

import (
	"archive/zip"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/oracle"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/schema"
	"golang.org/x/tools/txtar"
)

// openDB opens the database at path, or a fresh one when path is empty,
// closed when the test ends.
func openDB(t testing.TB, path string) *schema.DB {
	t.Helper()
	if path == "" {
		return testschema.Open(t)
	}
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Error(err)
		}
	})
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
	s, err := Run(context.Background(), db, Options{Paths: paths, OnError: func(e *logfile.FileError) { errs = append(errs, e.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	return s, errs
}

// TestMalformed runs every case of testdata/malformed: a txtar archive whose
// comment lists the exact errors wanted ("want: file:line:column: code") and
// how many games load; each holds a good game beside the bad one.
func TestMalformed(t *testing.T) {
	files, err := filepath.Glob("testdata/malformed/*.txtar")
	if err != nil || len(files) < 20 {
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
					wantLoaded = atoi(t, n)
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

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestCorpora imports the bundled sample and the real logs and checks
// every count, every round and every game against the oracle's own reading
// of the same files; importing again changes nothing.
func TestCorpora(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			dir := c.Dir(t)
			logs, err := oracle.Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			want, err := oracle.Summarize(logs)
			if err != nil {
				t.Fatal(err)
			}
			db := openDB(t, filepath.Join(t.TempDir(), "g.duckdb"))
			s, errs := run(t, db.DB, dir)
			if s.New != want.Games || s.Rounds != want.Rounds || s.Plays != want.Plays || s.Errors != 0 || len(errs) != 0 || s.Files != 2*want.Games {
				t.Fatalf("summary %+v, errors %v; the oracle reads %+v", s, errs, want)
			}
			if c == testenv.RealLogs && (want.Games != 8 || want.Rounds != 66 || want.Plays != 1871) {
				t.Errorf("the real logs by the oracle: %+v, want 8 games, 66 rounds, 1871 plays", want)
			}
			for _, q := range []struct {
				q    string
				want int
			}{
				{`SELECT count(*) FROM games`, want.Games},
				{`SELECT count(*) FROM rounds`, want.Rounds},
				{`SELECT count(*) FROM plays`, want.Plays},
				{`SELECT sum(plays) FROM rounds`, want.Plays},
				{`SELECT sum(you_total) FROM games`, want.Totals[0]},
				{`SELECT sum(opp_total) FROM games`, want.Totals[1]},
				{`SELECT count(*) FROM games WHERE rounds <> (SELECT count(*) FROM rounds r WHERE r.game_id = games.game_id)`, 0},
				{`SELECT count(*) FROM plays WHERE hand[1] <> drawn`, 0},
				{`SELECT count(*) FROM plays WHERE bit_count(hand_mask) <> 10`, 0},
				{`SELECT count(*) FROM games WHERE (you_total >= 100 OR opp_total >= 100) AND you_total <> opp_total`, want.Games},
			} {
				if got := count(t, db.DB, q.q); got != q.want {
					t.Errorf("%s = %d, want %d", q.q, got, q.want)
				}
			}
			checkRounds(t, db.DB, logs)
			// Importing again changes nothing.
			before := testschema.GamesDigest(t, db.DB)
			s2, _ := run(t, db.DB, dir)
			if s2.Duplicates != want.Games || s2.New != 0 || testschema.GamesDigest(t, db.DB) != before {
				t.Errorf("second import: %+v; tables changed: %v", s2, testschema.GamesDigest(t, db.DB) != before)
			}
		})
	}
}

// checkRounds compares every stored round with the oracle's reading: its
// plays, stock draws (drawn <> top), first mover, action, caller and
// points.
func checkRounds(t *testing.T, db *sql.DB, logs []*oracle.Game) {
	t.Helper()
	type round struct {
		plays, stock, you, opp int
		first, action, caller  string
	}
	stored := map[[2]int64]round{}
	rows, err := db.Query(`SELECT g.log_ts, r.round, r.plays, r.stock_draws, r.you_points, r.opp_points,
		r.first_mover::VARCHAR, r.action::VARCHAR, r.caller::VARCHAR FROM rounds r JOIN games g USING (game_id)`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var key [2]int64
		var r round
		if err := rows.Scan(&key[0], &key[1], &r.plays, &r.stock, &r.you, &r.opp, &r.first, &r.action, &r.caller); err != nil {
			t.Fatal(err)
		}
		stored[key] = r
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	side := map[bool]string{true: "you", false: "opp"}
	n := 0
	for _, g := range logs {
		for _, r := range g.Rounds {
			n++
			w := round{plays: len(r.Plays), you: r.Points[0], opp: r.Points[1], first: side[r.Plays[0].You], action: r.Action, caller: side[r.CallerYou]}
			for _, p := range r.Plays {
				if p.Drawn != p.Top {
					w.stock++
				}
			}
			if got := stored[[2]int64{g.TS, int64(r.Number)}]; got != w {
				t.Errorf("game %d round %d: stored %+v, the files say %+v", g.TS, r.Number, got, w)
			}
		}
	}
	if len(stored) != n {
		t.Errorf("%d rounds stored, the files hold %d", len(stored), n)
	}
}

// mustWrite writes a test's input file.
func mustWrite(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// mustRead reads a test's input file.
func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCorporaFromZip imports each corpus from a zip archive, some pairs at
// the top and some in a folder, then from its folder: the same games,
// found as duplicates.
func TestCorporaFromZip(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			dir := c.Dir(t)
			names, err := filepath.Glob(filepath.Join(dir, "*.csv"))
			if err != nil || len(names) == 0 {
				t.Fatalf("%d logs in %s (%v)", len(names), dir, err)
			}
			zpath := filepath.Join(t.TempDir(), "logs.zip")
			zf, err := os.Create(zpath)
			if err != nil {
				t.Fatal(err)
			}
			zw := zip.NewWriter(zf)
			for i, n := range names {
				inner := filepath.Base(n)
				// Some at the top, some in a folder, pairs kept together:
				// sorted, a game's two files are neighbours.
				if i < len(names)/4*2 {
					inner = "games/" + inner
				}
				w, err := zw.Create(inner)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := w.Write(mustRead(t, n)); err != nil {
					t.Fatal(err)
				}
			}
			if err := zw.Close(); err != nil {
				t.Fatal(err)
			}
			if err := zf.Close(); err != nil {
				t.Fatal(err)
			}
			games := len(names) / 2
			db := openDB(t, "")
			s, errs := run(t, db.DB, zpath)
			if len(errs) != 0 || s.Rejected != 0 || s.New != games {
				t.Fatalf("from zip: %+v, errors %v; want %d games", s, errs, games)
			}
			s2, _ := run(t, db.DB, dir)
			if s2.Duplicates != games {
				t.Errorf("the folder after the zip: %+v, want %d duplicates", s2, games)
			}
		})
	}
}

// TestMirror imports a game of each corpus and the same game as its
// opponent would have logged it (player flags inverted, points swapped):
// the second is loaded once more, linked to the first.
func TestMirror(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			src := c.Dir(t)
			first, err := filepath.Glob(filepath.Join(src, "*[0-9].csv"))
			if err != nil || len(first) == 0 {
				t.Fatalf("no turn file in %s (%v)", src, err)
			}
			name := filepath.Base(first[0])
			score := strings.TrimSuffix(name, ".csv") + "-score.csv"
			turns, scores := mustRead(t, first[0]), mustRead(t, filepath.Join(src, score))
			dir := t.TempDir()
			mustWrite(t, filepath.Join(dir, name), turns)
			mustWrite(t, filepath.Join(dir, score), scores)
			flip := map[string]string{"0": "1", "1": "0"}
			var mt, ms []string
			for _, line := range strings.Split(strings.TrimSpace(string(turns)), "\r\n") {
				f := strings.Split(line, ",")
				f[2] = flip[f[2]]
				mt = append(mt, strings.Join(f, ","))
			}
			for _, line := range strings.Split(strings.TrimSpace(string(scores)), "\r\n") {
				f := strings.Split(line, ",")
				f[1], f[2] = f[2], f[1]
				f[4] = flip[f[4]]
				ms = append(ms, strings.Join(f, ","))
			}
			mustWrite(t, filepath.Join(dir, "other", name), []byte(strings.Join(mt, "\r\n")+"\r\n"))
			mustWrite(t, filepath.Join(dir, "other", score), []byte(strings.Join(ms, "\r\n")+"\r\n"))
			db := openDB(t, "")
			s, errs := run(t, db.DB, dir)
			if len(errs) != 0 || s.New != 1 || s.Mirrors != 1 {
				t.Fatalf("summary %+v errors %v, want 1 new and 1 mirror", s, errs)
			}
			if n := count(t, db.DB, `SELECT count(*) FROM games a JOIN games b ON b.mirror_of = a.game_id AND a.you_total = b.opp_total AND a.canonical_hash = b.canonical_hash`); n != 1 {
				t.Errorf("mirror not linked: %d", n)
			}
		})
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
	mustWrite(t, p, []byte("hello"))
	mustWrite(t, filepath.Join(dir, "README.md"), []byte("x"))
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
