package queries_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/oracle"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/selection"
)

func TestGolden(t *testing.T) {
	for _, c := range testenv.Corpora() {
		name := c.Name
		t.Run(name, func(t *testing.T) {
			db := testdb.LoadCorpus(t, c, ingest.Options{})
			for _, q := range queries.ForGame(queries.GameGin) {
				for _, who := range []string{"opp", "you"} {
					res, err := queries.Run(context.Background(), db, q, selection.Filters{Who: who, MinSample: 10})
					if err != nil {
						t.Fatal(err)
					}
					var b bytes.Buffer
					tbl := &render.Table{Rows: res.Rows}
					for _, c := range res.Columns {
						tbl.Columns = append(tbl.Columns, render.Column{Name: c})
					}
					if err := render.Write(&b, render.Text, tbl, render.Piped); err != nil {
						t.Fatal(err)
					}
					golden.Check(t, filepath.Join("testdata", name, q.Name+"-"+who+".tsv"), b.String())
				}
			}
		})
	}
}

// cell returns the value of column col in the row whose first columns
// match keys.
func cell(t *testing.T, res *queries.Result, col string, keys ...any) any {
	t.Helper()
	v, ok := lookup(res, col, keys...)
	if !ok {
		t.Fatalf("no row %v with column %s in %v", keys, col, res.Columns)
	}
	return v
}

// cellOrZero is cell for a row that a query leaves out when it counts
// nothing: 0 when there is no such row.
func cellOrZero(t *testing.T, res *queries.Result, col string, keys ...any) any {
	t.Helper()
	if v, ok := lookup(res, col, keys...); ok {
		return v
	}
	return 0
}

// lookup returns the value of column col in the row whose first columns
// match keys, if there is one.
func lookup(res *queries.Result, col string, keys ...any) (any, bool) {
	ci := -1
	for i, c := range res.Columns {
		if c == col {
			ci = i
		}
	}
	for _, row := range res.Rows {
		match := true
		for i, k := range keys {
			if fmt.Sprint(row[i]) != fmt.Sprint(k) {
				match = false
			}
		}
		if match && ci >= 0 {
			return row[ci], true
		}
	}
	return nil, false
}

func scalar(t *testing.T, db *sql.DB, q string) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(q).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// TestHeadlines checks the headline numbers of each query against an
// independent computation from the raw tables, on both corpora.
func TestHeadlines(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			headlines(t, testdb.LoadCorpus(t, c, ingest.Options{}))
		})
	}
}

func headlines(t *testing.T, db *sql.DB) {
	run := func(name, who string) *queries.Result {
		q, err := queries.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := queries.Run(context.Background(), db, q, selection.Filters{Who: who})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for _, c := range []struct {
		what string
		got  any
		raw  string
	}{
		{"face-up taken by opp", cell(t, run("draw-tendency", "opp"), "cases", "overall"),
			`SELECT count(*) FROM plays WHERE actor = 'opp' AND drawn = top`},
		{"face-up offers to opp", cell(t, run("draw-tendency", "opp"), "opportunities", "overall"),
			`SELECT count(*) FROM plays WHERE actor = 'opp'`},
		{"face-up taken by you", cell(t, run("draw-tendency", "you"), "cases", "overall"),
			`SELECT count(*) FROM plays WHERE actor = 'you' AND drawn = top`},
		{"opp wins", cell(t, run("summary", "opp"), "cases", "opp"),
			`SELECT count(*) FROM games WHERE opp_total > you_total`},
		{"opp gins", cell(t, run("summary", "opp"), "gins", "opp"),
			`SELECT count(*) FROM rounds WHERE action = 'Gin' AND caller = 'opp'`},
		{"opp gin calls", cell(t, run("knock-profile", "opp"), "cases", "gin rate"),
			`SELECT count(*) FROM rounds WHERE action = 'Gin' AND caller = 'opp'`},
		{"opp calls", cell(t, run("knock-profile", "opp"), "opportunities", "gin rate"),
			`SELECT count(*) FROM rounds WHERE action IN ('Gin', 'Knock') AND caller = 'opp'`},
		{"kings discarded by opp", cell(t, run("discards", "opp"), "cases", "rank", "K"),
			`SELECT count(*) FROM plays WHERE actor = 'opp' AND discarded::VARCHAR LIKE '_K'`},
		{"rounds ended by stock", cellOrZero(t, run("pace", "opp"), "cases", "ended by", "Drop: stock exhausted"),
			`SELECT count(*) FROM rounds WHERE action = 'Drop' AND stock_draws = 31`},
		{"points you lost to declarations", cell(t, run("meld-loss", "opp"), "points_lost", "you"),
			`SELECT sum(points_lost_you) FROM round_checks`},
		{"HK offered to opp", cell(t, run("card-values", "opp"), "offered", "HK"),
			`SELECT count(*) FROM plays WHERE actor = 'opp' AND top = 'HK'`},
	} {
		if want := scalar(t, db, c.raw); fmt.Sprint(c.got) != fmt.Sprint(want) {
			t.Errorf("%s: query says %v, raw tables say %d", c.what, c.got, want)
		}
	}
	// Cards held at the end, from each side's last play of each round.
	held := run("card-values", "opp")
	want := scalar(t, db, `SELECT count(*) FROM (
		SELECT game_id, round, arg_max(hand, ply) AS hand FROM plays WHERE actor = 'opp' GROUP BY game_id, round)
		WHERE list_contains(hand, 'SA')`)
	if got := cell(t, held, "cases", "SA"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("SA held by opp at the end: query %v, plays %d", got, want)
	}
}

// TestFilters runs the summary under each filter on both corpora; the
// games each selects are counted from the log files' timestamps.
func TestFilters(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			logs, err := oracle.Read(c.Dir(t))
			if err != nil {
				t.Fatal(err)
			}
			filters(t, testdb.LoadCorpus(t, c, ingest.Options{Opponent: "ladder", Source: "week1"}), logs)
		})
	}
}

func filters(t *testing.T, db *sql.DB, logs []*oracle.Game) {
	q, err := queries.Get("summary")
	if err != nil {
		t.Fatal(err)
	}
	// Games are loaded in timestamp order: game 3 is the third log. mid
	// splits the games in two.
	n := int64(len(logs))
	mid := logs[n/2].TS
	last := logs[n-1].TS
	for _, c := range []struct {
		name    string
		f       selection.Filters
		want    int64
		wantErr error
		msg     string
	}{
		{"none", selection.Filters{}, n, nil, ""},
		{"opponent", selection.Filters{Opponent: "ladder"}, n, nil, ""},
		{"other opponent", selection.Filters{Opponent: "bot9"}, 0, selection.ErrNoGames, "no games match --opponent bot9; known opponents: ladder"},
		{"source", selection.Filters{Source: "week1"}, n, nil, ""},
		{"since", selection.Filters{Since: mid}, n - n/2, nil, ""},
		{"until", selection.Filters{Until: mid}, n / 2, nil, ""},
		{"game", selection.Filters{Game: 3}, 1, nil, ""},
		{"no such game", selection.Filters{Game: 99}, 0, replay.ErrNoGame, "no game 99"},
		{"game outside the other filters", selection.Filters{Game: 3, Since: last}, 0, selection.ErrNoGames,
			"no games match --since " + time.Unix(last, 0).UTC().Format(time.RFC3339) + " --game-id 3; no game matches all of them at once"},
		{"bad who", selection.Filters{Who: "them"}, 0, selection.ErrBadFilter, `--who: no "them"; want opp, you or both`},
		{"negative game", selection.Filters{Game: -2}, 0, selection.ErrBadFilter, "--game-id: game ids start at 1, got -2"},
		{"negative sample", selection.Filters{MinSample: -1}, 0, selection.ErrBadFilter, "--min-sample: want a count of 0 or more, got -1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := queries.Run(context.Background(), db, q, c.f)
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) || err.Error() != c.msg {
					t.Fatalf("error %v, want %q wrapping %v", err, c.msg, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := cell(t, res, "games", "opp"); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%v games, want %d", got, c.want)
			}
		})
	}
}

// TestSmallSamplesAreNoted: a summary of fewer games than --min-sample
// notes its rows as small samples and keeps them.
func TestSmallSamplesAreNoted(t *testing.T) {
	db := testdb.LoadCorpus(t, testenv.Sample, ingest.Options{})
	games := scalar(t, db, `SELECT count(*) FROM games`)
	q, err := queries.Get("summary")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		min  int64
		note any
	}{{games + 1, "small sample"}, {games, nil}} {
		res, err := queries.Run(context.Background(), db, q, selection.Filters{MinSample: int(tc.min)})
		if err != nil {
			t.Fatal(err)
		}
		if got := cell(t, res, "note", "opp"); got != tc.note {
			t.Errorf("%d games with --min-sample %d: note %v, want %v", games, tc.min, got, tc.note)
		}
		if len(res.Rows) != 2 {
			t.Errorf("--min-sample %d: %d rows, want 2: small samples are kept", tc.min, len(res.Rows))
		}
	}
}
