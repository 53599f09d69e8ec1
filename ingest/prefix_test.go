package ingest

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	ginlogs "github.com/ginlog/ginlog/gin/logs"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/store"
)

// files are a game's turn and score files.
type files struct{ turns, scores []byte }

// cut returns the start of a game's files as a writer cut short leaves
// it: the first plays rows of the turn file, and the score rows of the
// rounds they begin (a turn file cut inside a round beside a score file
// that already holds it).
func cut(t *testing.T, f files, plays int) files {
	t.Helper()
	lines := bytes.SplitAfter(f.turns, []byte("\n"))
	rounds := 0
	for _, l := range lines[:plays] {
		fmt.Sscanf(string(l), "%d,", &rounds)
	}
	return files{bytes.Join(lines[:plays], nil), bytes.Join(bytes.SplitAfter(f.scores, []byte("\n"))[:rounds], nil)}
}

// roundPlays returns how many rows of a turn file belong to its first
// rounds rounds.
func roundPlays(t *testing.T, turns []byte, rounds int) int {
	t.Helper()
	n := 0
	for _, l := range bytes.SplitAfter(turns, []byte("\n")) {
		var r int
		if _, err := fmt.Sscanf(string(l), "%d,", &r); err != nil || r > rounds {
			break
		}
		n++
	}
	return n
}

// prefixGames are the games of the prefix cases, by label: W the whole
// sample game, P and P2 its start cut inside a round, R its first two
// rounds, M the other player's logs of it (its mirror) and PM their
// start, X another game logged at the same second, PX its start, and PS
// W's start with one score row changed; and two starts that do not
// parse: PL cut inside a row, PR without the score row of its last round.
func prefixGames(t *testing.T) (map[string]files, int64) {
	t.Helper()
	stamp := testlogs.Meldable[0]
	turns, scores := testlogs.Read(t, stamp)
	w := files{turns, scores}
	mt, ms := testlogs.Mirror(turns, scores)
	xt, xs := testlogs.Read(t, testlogs.Meldable[1])
	g := map[string]files{
		"W":  w,
		"P":  cut(t, w, 60),
		"P2": cut(t, w, 120),
		"R":  cut(t, w, roundPlays(t, turns, 2)),
		"M":  {mt, ms},
		"PM": cut(t, files{mt, ms}, 60),
		"X":  {xt, xs},
		"PX": cut(t, files{xt, xs}, 60),
	}
	ps := cut(t, w, 60)
	first, rest, _ := bytes.Cut(ps.scores, []byte("\r\n"))
	f := strings.Split(string(first), ",")
	f[1], f[2] = f[2], f[1] // the other side scored round 1
	ps.scores = append([]byte(strings.Join(f, ",")+"\r\n"), rest...)
	g["PS"] = ps
	for label, gf := range g {
		if p := ginlogs.Parse("t.csv", gf.turns, "s.csv", gf.scores); len(p.Errors) > 0 {
			t.Fatalf("game %s: %v", label, p.Errors)
		}
	}
	p := g["P"]
	g["PL"] = files{append(bytes.Clone(p.turns), w.turns[len(p.turns):len(p.turns)+20]...), p.scores}
	g["PR"] = files{p.turns, bytes.Join(bytes.SplitAfter(p.scores, []byte("\n"))[:bytes.Count(p.scores, []byte("\n"))-1], nil)}
	return g, stamp
}

// placed is a game of an import under a name: its timestamp, with a
// browser's copy number if any (`1700000000 (1)`).
type placed struct{ label, name string }

// counts are the counts of an import's summary a prefix case checks.
type counts struct{ new, duplicate, mirror, partial, replaced, rejected int }

func (c counts) String() string {
	return fmt.Sprintf("%d new, %d duplicate, %d mirror, %d partial, %d replaced, %d rejected", c.new, c.duplicate, c.mirror, c.partial, c.replaced, c.rejected)
}

// TestPrefixes imports games of which one is the start of another (read
// before its files were whole), in every order, in one import and over
// several, with batches of one game and of the default size (under
// -short, the default size only): one player's
// logs never leave two games of one timestamp of which one is the start
// of the other, the longer one stays, the summaries say what happened,
// and nothing is left of a game replaced. The other player's logs of a
// game are its mirror, and their start a prefix of the mirror, not of the
// game.
func TestPrefixes(t *testing.T) {
	games, stamp := prefixGames(t)
	ts := fmt.Sprint(stamp)
	at := func(label string) placed { return placed{label, ts} }
	copyOf := func(label string) placed { return placed{label, ts + " (1)"} }
	for _, tc := range []struct {
		name    string
		imports [][]placed
		sums    []counts
		want    []string // the games left, by label
		counted int      // the games the queries count (mirror_of NULL)
	}{
		{"prefix, then whole", [][]placed{{at("P")}, {at("W")}},
			[]counts{{new: 1}, {new: 1, replaced: 1}}, []string{"W"}, 1},
		{"whole, then prefix", [][]placed{{at("W")}, {at("P")}},
			[]counts{{new: 1}, {partial: 1}}, []string{"W"}, 1},
		{"prefix, whole, prefix again", [][]placed{{at("P")}, {at("W")}, {at("P")}},
			[]counts{{new: 1}, {new: 1, replaced: 1}, {partial: 1}}, []string{"W"}, 1},
		{"whole rounds, then whole", [][]placed{{at("R")}, {at("W")}},
			[]counts{{new: 1}, {new: 1, replaced: 1}}, []string{"W"}, 1},
		{"a prefix of a prefix", [][]placed{{at("P")}, {at("P2")}, {at("W")}},
			[]counts{{new: 1}, {new: 1, replaced: 1}, {new: 1, replaced: 1}}, []string{"W"}, 1},
		{"a longer prefix, then a shorter", [][]placed{{at("P2")}, {at("P")}, {at("W")}},
			[]counts{{new: 1}, {partial: 1}, {new: 1, replaced: 1}}, []string{"W"}, 1},
		{"prefix and whole in one import", [][]placed{{at("P"), copyOf("W")}},
			[]counts{{new: 1, replaced: 1}}, []string{"W"}, 1},
		{"whole and prefix in one import", [][]placed{{at("W"), copyOf("P")}},
			[]counts{{new: 1, partial: 1}}, []string{"W"}, 1},
		{"two prefixes and whole in one import", [][]placed{{at("P"), copyOf("P2"), placed{"W", ts + " (2)"}}},
			[]counts{{new: 1, replaced: 2}}, []string{"W"}, 1},
		{"prefix twice in one import, then whole", [][]placed{{at("P"), copyOf("P")}, {at("W")}},
			[]counts{{new: 1, duplicate: 1}, {new: 1, replaced: 1}}, []string{"W"}, 1},
		{"the mirror is not a prefix", [][]placed{{at("W")}, {at("M")}},
			[]counts{{new: 1}, {mirror: 1}}, []string{"W", "M"}, 1},
		{"prefix of the mirror, then the mirror", [][]placed{{at("W")}, {at("PM")}, {at("M")}},
			[]counts{{new: 1}, {new: 1}, {mirror: 1, replaced: 1}}, []string{"W", "M"}, 1},
		{"prefix of the mirror after the mirror", [][]placed{{at("W")}, {at("M")}, {at("PM")}},
			[]counts{{new: 1}, {mirror: 1}, {partial: 1}}, []string{"W", "M"}, 1},
		{"prefix of the mirror, then the game", [][]placed{{at("PM")}, {at("W")}},
			[]counts{{new: 1}, {new: 1}}, []string{"W", "PM"}, 2},
		{"prefix, then the mirror", [][]placed{{at("P")}, {at("M")}},
			[]counts{{new: 1}, {new: 1}}, []string{"P", "M"}, 2},
		{"another game of the same second", [][]placed{{at("PX")}, {at("W")}, {at("X")}},
			[]counts{{new: 1}, {new: 1}, {new: 1, replaced: 1}}, []string{"W", "X"}, 2},
		{"one score row differs", [][]placed{{at("PS")}, {at("W")}},
			[]counts{{new: 1}, {new: 1}}, []string{"W", "PS"}, 2},
		{"cut inside a row, then whole", [][]placed{{at("PL")}, {at("W")}},
			[]counts{{rejected: 1}, {new: 1}}, []string{"W"}, 1},
		{"a round without its score, then whole", [][]placed{{at("PR")}, {at("W")}},
			[]counts{{rejected: 1}, {new: 1}}, []string{"W"}, 1},
	} {
		batches := []int{0, 1}
		if testing.Short() {
			batches = batches[:1] // the default size; batches of one game in a plain run
		}
		for _, batch := range batches {
			t.Run(fmt.Sprintf("%s/batch %d", tc.name, batch), func(t *testing.T) {
				db := openDB(t, "")
				for i, imp := range tc.imports {
					dir := t.TempDir()
					writePlaced(t, dir, games, imp)
					s, err := Run(context.Background(), db.DB, Options{Paths: []string{dir}, Batch: batch})
					if err != nil {
						t.Fatal(err)
					}
					got := counts{s.New, s.Duplicates, s.Mirrors, s.Partial, s.Replaced, s.Rejected}
					if got != tc.sums[i] {
						t.Errorf("import %d: %s; want %s", i+1, got, tc.sums[i])
					}
				}
				var want []string
				for _, label := range tc.want {
					g := games[label]
					want = append(want, ginlogs.Parse("t.csv", g.turns, "s.csv", g.scores).ContentHash)
				}
				slices.Sort(want)
				if got := column(t, db.DB, `SELECT content_hash FROM games ORDER BY 1`); !slices.Equal(got, want) {
					t.Errorf("games left:\n  %s\nwant %v:\n  %s", strings.Join(got, "\n  "), tc.want, strings.Join(want, "\n  "))
				}
				if n := count(t, db.DB, `SELECT count(*) FROM games WHERE mirror_of IS NULL`); n != tc.counted {
					t.Errorf("%d games counted, want %d", n, tc.counted)
				}
				if n := count(t, db.DB, `SELECT count(*) FROM games WHERE mirror_of NOT IN (SELECT game_id FROM games)`); n != 0 {
					t.Errorf("%d games mirror a game removed", n)
				}
				if left := orphans(t, db.DB); len(left) > 0 {
					t.Errorf("rows of games removed left in %v", left)
				}
				before := testschema.GamesDigest(t, db.DB)
				importAgain(t, db.DB, games, tc.imports[len(tc.imports)-1])
				if testschema.GamesDigest(t, db.DB) != before {
					t.Error("importing the last files again changed the games")
				}
			})
		}
	}
}

// importAgain imports the files of an import again, into a folder of
// its own: it must load and replace nothing.
func importAgain(t *testing.T, db *sql.DB, games map[string]files, imp []placed) {
	t.Helper()
	dir := t.TempDir()
	writePlaced(t, dir, games, imp)
	s, err := Run(context.Background(), db, Options{Paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	if s.New+s.Mirrors+s.Replaced != 0 {
		t.Errorf("the same files again: %+v", s)
	}
}

// writePlaced writes the games of an import into dir.
func writePlaced(t *testing.T, dir string, games map[string]files, imp []placed) {
	t.Helper()
	for _, p := range imp {
		stamp, copyNo, _ := strings.Cut(p.name, " ")
		if copyNo != "" {
			copyNo = " " + copyNo
		}
		testlogs.Write(t, dir, p.name+".csv", games[p.label].turns)
		testlogs.Write(t, dir, stamp+"-score"+copyNo+".csv", games[p.label].scores)
	}
}

// column reads a query's one column as strings.
func column(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// orphans returns the tables with a game_id column that hold rows of a
// game the games table does not.
func orphans(t *testing.T, db *sql.DB) []string {
	t.Helper()
	var out []string
	for _, table := range column(t, db, `SELECT table_name FROM duckdb_columns() WHERE column_name = 'game_id' AND NOT internal AND table_name <> 'games' ORDER BY 1`) {
		if n := count(t, db, fmt.Sprintf(`SELECT count(*) FROM %s WHERE game_id NOT IN (SELECT game_id FROM games)`, table)); n > 0 {
			out = append(out, fmt.Sprintf("%s (%d)", table, n))
		}
	}
	return out
}

// TestReplaceClearsEverything: the game a complete version replaces goes
// with everything derived from it, as ginlog rm removes a game: verify's
// results, the rollups of its block, its import_files rows; the imports
// and their errors stay.
func TestReplaceClearsEverything(t *testing.T) {
	ctx := context.Background()
	games, stamp := prefixGames(t)
	db := openDB(t, filepath.Join(t.TempDir(), "g.duckdb"))
	first := t.TempDir()
	testlogs.Copy(t, first, testlogs.Simple[:3]...)
	testlogs.Write(t, first, fmt.Sprintf("%d.csv", stamp), games["P"].turns)
	testlogs.Write(t, first, fmt.Sprintf("%d-score.csv", stamp), games["P"].scores)
	testlogs.Write(t, first, "5.csv", []byte("not,a,log\r\n"))
	if _, err := Run(ctx, db.DB, Options{Paths: []string{first}}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Verify(ctx, db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(ctx, db.DB, 2); err != nil {
		t.Fatal(err)
	}
	var prefix int64
	if err := db.QueryRow(`SELECT game_id FROM games WHERE log_ts = $1`, stamp).Scan(&prefix); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db.DB, fmt.Sprintf(`SELECT count(*) FROM rollup_groups WHERE block = %d`, prefix-prefix%2)); n == 0 {
		t.Fatal("no rollup of the prefix's block to forget")
	}
	if n := count(t, db.DB, fmt.Sprintf(`SELECT count(*) FROM violations WHERE game_id = %d`, prefix)); n == 0 {
		t.Fatal("the prefix was not found unfinished")
	}
	kept := column(t, db.DB, `SELECT count(*) || ':' || sum(hash(i)) FROM imports i UNION ALL SELECT count(*) || ':' || sum(hash(e)) FROM import_errors e`)

	second := t.TempDir()
	testlogs.Copy(t, second, stamp)
	s, err := Run(ctx, db.DB, Options{Paths: []string{second}})
	if err != nil {
		t.Fatal(err)
	}
	if s.New != 1 || s.Replaced != 1 {
		t.Errorf("summary %+v, want 1 new and 1 replaced", s)
	}
	for _, table := range column(t, db.DB, `SELECT table_name FROM duckdb_columns() WHERE column_name = 'game_id' AND NOT internal ORDER BY 1`) {
		if n := count(t, db.DB, fmt.Sprintf(`SELECT count(*) FROM %s WHERE game_id = %d`, table, prefix)); n != 0 {
			t.Errorf("%s holds %d rows of the game replaced", table, n)
		}
	}
	if n := count(t, db.DB, fmt.Sprintf(`SELECT count(*) FROM rollup_groups WHERE block = %d`, prefix-prefix%2)); n != 0 {
		t.Error("the rollups of the replaced game's block were kept")
	}
	if n := count(t, db.DB, `SELECT count(*) FROM rollup_groups`); n == 0 {
		t.Error("the rollups of the other blocks went too")
	}
	if got := column(t, db.DB, `SELECT count(*) || ':' || sum(hash(i)) FROM imports i WHERE import_id = 1 UNION ALL SELECT count(*) || ':' || sum(hash(e)) FROM import_errors e`); !slices.Equal(got, kept) {
		t.Errorf("the first import's record and errors %v, want them kept: %v", got, kept)
	}
}

// TestReimportKeepsTheLongest: a database that holds a game and a prefix
// of it (as an earlier ginlog left them) keeps the longer one when the
// files of either are imported again.
func TestReimportKeepsTheLongest(t *testing.T) {
	games, stamp := prefixGames(t)
	for _, again := range []string{"W", "P"} {
		t.Run(again, func(t *testing.T) {
			db := openDB(t, "")
			dir := t.TempDir()
			testlogs.Write(t, dir, fmt.Sprintf("%d.csv", stamp), games["W"].turns)
			testlogs.Write(t, dir, fmt.Sprintf("%d-score.csv", stamp), games["W"].scores)
			testlogs.Write(t, dir, "1.csv", games["P"].turns) // another second, then moved to the game's
			testlogs.Write(t, dir, "1-score.csv", games["P"].scores)
			if s, errs := run(t, db.DB, dir); s.New != 2 {
				t.Fatalf("%+v %v", s, errs)
			}
			if _, err := db.Exec(`UPDATE games SET log_ts = $1 WHERE log_ts = 1`, stamp); err != nil {
				t.Fatal(err)
			}
			redo := t.TempDir()
			testlogs.Write(t, redo, fmt.Sprintf("%d.csv", stamp), games[again].turns)
			testlogs.Write(t, redo, fmt.Sprintf("%d-score.csv", stamp), games[again].scores)
			s, _ := run(t, db.DB, redo)
			if s.Replaced != 1 || s.New != 0 {
				t.Errorf("again %s: %+v, want 1 replaced", again, s)
			}
			want := ginlogs.Parse("t.csv", games["W"].turns, "s.csv", games["W"].scores).ContentHash
			if got := column(t, db.DB, `SELECT content_hash FROM games`); !slices.Equal(got, []string{want}) {
				t.Errorf("games left %v, want the whole game's", got)
			}
			if left := orphans(t, db.DB); len(left) > 0 {
				t.Errorf("rows of the game removed left in %v", left)
			}
		})
	}
}
