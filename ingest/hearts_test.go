package ingest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/replay/store"
	"golang.org/x/tools/txtar"
)

const realHearts = "../../shared/hearts/logs"

// TestHeartsRealLogs ingests every real Hearts log, detected by content:
// every file loads, into as many games and hands as hlog reads.
func TestHeartsRealLogs(t *testing.T) {
	testenv.Dir(t, realHearts)
	db := openDB(t, filepath.Join(t.TempDir(), "h.duckdb"))
	s, errs := run(t, db.DB, realHearts)
	if len(errs) != 0 || s.Rejected != 0 || s.Files != 1481 || s.New+s.Mirrors != 361 || s.Hands == 0 {
		t.Fatalf("summary %+v, errors %v", s, errs[:min(len(errs), 5)])
	}
	t.Logf("%+v", s)
}

// TestHeartsMalformed runs every case of testdata/hearts-malformed: a txtar
// archive of Hearts logs, a good game in good/ beside a defective one in
// bad/, whose comment lists the exact errors of the import ("want:
// file:line:column: code"), the exact deviations verify then finds
// ("deviation: file:line:column: code") and how many games load. A defect
// costs no other game.
func TestHeartsMalformed(t *testing.T) {
	files, _ := filepath.Glob("testdata/hearts-malformed/*.txtar")
	if len(files) < 10 {
		t.Fatalf("%d malformed Hearts cases, want at least 10", len(files))
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, f := range ar.Files {
				p := filepath.Join(dir, f.Name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var want, wantDev []string
			wantLoaded := -1
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if w, ok := strings.CutPrefix(line, "want: "); ok {
					want = append(want, w)
				}
				if w, ok := strings.CutPrefix(line, "deviation: "); ok {
					wantDev = append(wantDev, w)
				}
				if n, ok := strings.CutPrefix(line, "loaded: "); ok {
					wantLoaded = atoi(n)
				}
			}
			db := openDB(t, "")
			s, errs := run(t, db.DB, dir)
			located := func(e string) string {
				e = strings.TrimPrefix(e, dir+string(filepath.Separator))
				parts := strings.SplitN(e, ": ", 3)
				if len(parts) < 3 || parts[2] == "" {
					t.Errorf("%q has no message", e)
					return e
				}
				return parts[0] + ": " + parts[1]
			}
			var got []string
			for _, e := range errs {
				got = append(got, located(e))
			}
			if !slices.Equal(got, want) {
				t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
			}
			if _, err := store.VerifyHearts(context.Background(), db.DB, store.Selection{}, nil, nil); err != nil {
				t.Fatal(err)
			}
			rows, err := db.Query(`SELECT file || ':' || line || ':' || col || ': ' || code || ': ' || message FROM hearts_deviations ORDER BY hand, trick, file`)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var gotDev []string
			for rows.Next() {
				var d string
				if err := rows.Scan(&d); err != nil {
					t.Fatal(err)
				}
				gotDev = append(gotDev, located(d))
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(gotDev, wantDev) {
				t.Errorf("deviations:\n  %s\nwant:\n  %s", strings.Join(gotDev, "\n  "), strings.Join(wantDev, "\n  "))
			}
			if n := count(t, db.DB, `SELECT count(*) FROM games`); n != wantLoaded || s.New != wantLoaded {
				t.Errorf("%d games loaded (summary %d), want %d", n, s.New, wantLoaded)
			}
			if count(t, db.DB, `SELECT count(*) FROM games g JOIN hearts_checks c USING (game_id) WHERE g.log_ts = 100 AND c.deviations = 0`) != 1 {
				t.Error("the good game was not loaded and verified")
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
