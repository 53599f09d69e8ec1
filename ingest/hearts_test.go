package ingest

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/store"
	"golang.org/x/tools/txtar"
)

const realHearts = "../../shared/hearts/logs"

// TestHeartsRealLogs ingests every real Hearts log, detected by content:
// every file loads, into as many games and hands as hearts/logs reads.
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
					wantLoaded = atoi(t, n)
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

// copyDir copies the files under src into dst, keeping their paths, and
// returns how many it copied; keep chooses which (by path under src).
func copyDir(t *testing.T, src, dst string, keep func(rel string) bool) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil || !keep(rel) {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		n++
		return os.WriteFile(out, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestHeartsDuplicatesAndMirrors imports two players' views of a folder of
// 47 games, then all four, then all again: the second import loads the
// same games again as mirrors of the first views (counted once), and one
// more game from another folder; the third finds only duplicates.
func TestHeartsDuplicatesAndMirrors(t *testing.T) {
	src := realHearts + "/BryanHo99/logs"
	testenv.Dir(t, src)
	part, all := t.TempDir(), t.TempDir()
	copyDir(t, src, part, func(rel string) bool { return strings.HasPrefix(rel, "a/") || strings.HasPrefix(rel, "b/") })
	files := copyDir(t, src, all, func(string) bool { return true })
	db := openDB(t, "")
	s1, errs := run(t, db.DB, part)
	if len(errs) != 0 || s1.New != 47 {
		t.Fatalf("two views: %+v, %v", s1, errs)
	}
	s2, errs := run(t, db.DB, all)
	if len(errs) != 0 || s2.Mirrors != 47 || s2.New != 1 || s2.Files != files {
		t.Fatalf("every view: %+v, %v", s2, errs)
	}
	s3, _ := run(t, db.DB, all)
	if s3.Duplicates != 48 || s3.New+s3.Mirrors != 0 {
		t.Errorf("again: %+v", s3)
	}
	for _, c := range []struct {
		q    string
		want int
	}{
		{`SELECT count(*) FROM games`, 95},
		{`SELECT count(*) FROM games WHERE mirror_of IS NOT NULL`, 47},
		{`SELECT count(*) FROM game_players g JOIN games USING (game_id) WHERE mirror_of IS NULL AND has_file`, 2*47 + 4},
		{`SELECT count(*) FROM game_players g JOIN games USING (game_id) WHERE mirror_of IS NOT NULL AND has_file`, 4 * 47},
		{`SELECT count(*) FROM import_files WHERE status = 'duplicate'`, files},
	} {
		if got := count(t, db.DB, c.q); got != c.want {
			t.Errorf("%s = %d, want %d", c.q, got, c.want)
		}
	}
}

// TestHeartsBesideGin imports Gin and Hearts logs in one run, then forces
// each format on the other's files: detected, each loads as its own game;
// forced, each is the other's defect and rejects only its own games.
func TestHeartsBesideGin(t *testing.T) {
	testenv.Dir(t, realHearts)
	hearts := realHearts + "/BriefsZero"
	gin := "../testdata/sample"
	db := openDB(t, "")
	s, errs := run(t, db.DB, gin, hearts)
	if len(errs) != 0 || s.New != 21 || s.Hands != 9 || s.Rounds == 0 {
		t.Fatalf("both: %+v, %v", s, errs)
	}
	if n := count(t, db.DB, `SELECT count(*) FROM games WHERE kind = 'hearts'`); n != 1 {
		t.Errorf("%d Hearts games, want 1", n)
	}
	for _, tc := range []struct {
		name, game, dir string
		rejected        int
	}{
		{"Hearts files as Gin", "gin", hearts, 4},
		{"Gin files as Hearts", "hearts", gin, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db := openDB(t, "")
			s, err := Run(context.Background(), db.DB, Options{Paths: []string{tc.dir}, Game: tc.game})
			if err != nil {
				t.Fatal(err)
			}
			if s.New != 0 || s.Rejected < tc.rejected || s.Errors == 0 {
				t.Errorf("summary %+v: want every game rejected", s)
			}
		})
	}
	if _, err := Run(context.Background(), db.DB, Options{Paths: []string{hearts}, Game: "chess"}); !errors.Is(err, ErrUnknownGame) {
		t.Errorf("game chess: %v, want ErrUnknownGame", err)
	}
}

// heartsDigest summarises the Hearts game tables, the bookkeeping of the
// imports aside.
func heartsDigest(t *testing.T, db *sql.DB) string {
	t.Helper()
	var parts []string
	for _, q := range []string{
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, log_ts, content_hash, canonical_hash, mirror_of, rounds, plays, kind)), 0) FROM games`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, players, version, grp, stamps, first)), 0) FROM hearts_games`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, pos, player_id, has_file)), 0) FROM game_players`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, stamp, pos, path, sha256)), 0) FROM game_files`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, hand, stamp, stamp_row, first, cards)), 0) FROM hearts_hands`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, hand, pos, logged, line, score_col, cards_col)), 0) FROM hearts_scores`,
	} {
		var s string
		if err := db.QueryRow(q).Scan(&s); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// TestHeartsInterrupted cancels a Hearts import after some of its
// transactions (one game each) have committed: the tables hold whole games
// only, and importing again finishes the job with exactly the tables of a
// clean import.
func TestHeartsInterrupted(t *testing.T) {
	dir := realHearts + "/song2311"
	testenv.Dir(t, dir)
	clean := openDB(t, "")
	run(t, clean.DB, dir)
	want := heartsDigest(t, clean.DB)

	db := openDB(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	seen := 0
	_, err := Run(ctx, db.DB, Options{Paths: []string{dir}, Batch: 1, OnGame: func() {
		if seen++; seen == 200 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted import: %v, want context.Canceled", err)
	}
	loaded := count(t, db.DB, `SELECT count(*) FROM games`)
	if loaded == 0 || loaded >= 127 {
		t.Fatalf("%d of 127 games committed before the interruption: want some, not all", loaded)
	}
	if n := count(t, db.DB, `SELECT count(*) FROM games g WHERE rounds <> (SELECT count(*) FROM hearts_hands h WHERE h.game_id = g.game_id)`); n != 0 {
		t.Errorf("%d games without all their hands", n)
	}
	run(t, db.DB, dir)
	if got := heartsDigest(t, db.DB); got != want {
		t.Errorf("after the interruption and a new import:\n%s\nclean:\n%s", got, want)
	}
}
