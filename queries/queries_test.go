package queries_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/replay"
	"github.com/ginlog/ginlog/schema"
)

var corpora = map[string]string{
	"reallogs": "../../shared/reallogs",
	"sample":   "../testdata/sample",
}

func TestGolden(t *testing.T) {
	for name, dir := range corpora {
		t.Run(name, func(t *testing.T) {
			db := testdb.Load(t, dir, ingest.Options{})
			for _, q := range queries.ForGame(queries.GameGin) {
				for _, who := range []string{"opp", "you"} {
					res, err := queries.Run(context.Background(), db, q, queries.Filters{Who: who, MinSample: 10})
					if err != nil {
						t.Fatal(err)
					}
					var b bytes.Buffer
					tbl := &render.Table{Rows: res.Rows}
					for _, c := range res.Columns {
						tbl.Columns = append(tbl.Columns, render.Column{Name: c})
					}
					if err := render.Write(&b, render.Text, tbl, false); err != nil {
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
			return row[ci]
		}
	}
	t.Fatalf("no row %v with column %s in %v", keys, col, res.Columns)
	return nil
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
// independent computation from the raw tables.
func TestHeadlines(t *testing.T) {
	db := testdb.Load(t, corpora["reallogs"], ingest.Options{})
	run := func(name, who string) *queries.Result {
		q, err := queries.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := queries.Run(context.Background(), db, q, queries.Filters{Who: who})
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
		{"rounds ended by stock", cell(t, run("pace", "opp"), "cases", "ended by", "Drop: stock exhausted"),
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

func TestFilters(t *testing.T) {
	db := testdb.Load(t, corpora["reallogs"], ingest.Options{Opponent: "ladder", Source: "week1"})
	q, _ := queries.Get("summary")
	for _, c := range []struct {
		name    string
		f       queries.Filters
		want    int64
		wantErr error
		msg     string
	}{
		{"none", queries.Filters{}, 8, nil, ""},
		{"opponent", queries.Filters{Opponent: "ladder"}, 8, nil, ""},
		{"other opponent", queries.Filters{Opponent: "bot9"}, 0, queries.ErrNoGames, "no games match --opponent bot9; known opponents: ladder"},
		{"source", queries.Filters{Source: "week1"}, 8, nil, ""},
		{"since", queries.Filters{Since: 1604731660}, 4, nil, ""},
		{"until", queries.Filters{Until: 1604731660}, 4, nil, ""},
		{"game", queries.Filters{Game: 3}, 1, nil, ""},
		{"no such game", queries.Filters{Game: 99}, 0, replay.ErrNoGame, "no game 99"},
		{"game outside the other filters", queries.Filters{Game: 3, Since: 1604731660}, 0, queries.ErrNoGames, "no games match --since 2020-11-07T06:47:40Z --game 3; no game matches all of them at once"},
		{"bad who", queries.Filters{Who: "them"}, 0, queries.ErrBadFilter, `--who: want opp, you or both, got "them"`},
		{"negative game", queries.Filters{Game: -2}, 0, queries.ErrBadFilter, "--game: game ids start at 1, got -2"},
		{"negative sample", queries.Filters{MinSample: -1}, 0, queries.ErrBadFilter, "--min-sample: want a count of 0 or more, got -1"},
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

func TestEmptyDatabase(t *testing.T) {
	db, err := schema.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = queries.GameIDs(context.Background(), db.DB, queries.Filters{})
	if !errors.Is(err, queries.ErrNoGames) || err.Error() != "no games match the filters: the database holds none (run ginlog ingest)" {
		t.Errorf("GameIDs on an empty database: %v", err)
	}
}

func TestCheck(t *testing.T) {
	f, err := queries.Filters{}.Check()
	if err != nil || f.Who != queries.DefaultWho {
		t.Errorf("Check() = %+v, %v: want who %s", f, err, queries.DefaultWho)
	}
	for _, who := range queries.Whos {
		if f, err := (queries.Filters{Who: who}).Check(); err != nil || f.Who != who {
			t.Errorf("who %s: %+v, %v", who, f, err)
		}
	}
}

func TestParseTime(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    int64
		wantErr string
	}{
		{"", 0, ""},
		{"1604731660", 1604731660, ""},
		{"2020-11-07", 1604707200, ""},
		{"2020-11-07T06:47:40Z", 1604731660, ""},
		{"2020-11-07T07:47:40+01:00", 1604731660, ""},
		{"yesterday", 0, `--since: "yesterday" is not a date (2020-11-07), an RFC 3339 time or Unix seconds`},
		{"2020-13-01", 0, `--since: "2020-13-01" is not a date (2020-11-07), an RFC 3339 time or Unix seconds`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := queries.ParseTime("since", tc.in)
			if tc.wantErr != "" {
				if !errors.Is(err, queries.ErrBadFilter) || err.Error() != tc.wantErr {
					t.Errorf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("ParseTime(%q) = %d, %v, want %d", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestSmallSamplesAreNoted(t *testing.T) {
	db := testdb.Load(t, corpora["reallogs"], ingest.Options{})
	q, _ := queries.Get("summary")
	res, err := queries.Run(context.Background(), db, q, queries.Filters{MinSample: 10})
	if err != nil {
		t.Fatal(err)
	}
	if got := cell(t, res, "note", "opp"); got != "small sample" {
		t.Errorf("8 games with --min-sample 10: note %v", got)
	}
	if len(res.Rows) != 2 {
		t.Errorf("small samples must be kept: %d rows", len(res.Rows))
	}
}
