package queries

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/render"
)

var corpora = map[string]string{
	"reallogs": "../../shared/reallogs",
	"sample":   "../testdata/sample",
}

func TestGolden(t *testing.T) {
	for name, dir := range corpora {
		t.Run(name, func(t *testing.T) {
			db := testdb.Load(t, dir, ingest.Options{})
			for _, q := range All() {
				for _, who := range []string{"opp", "you"} {
					res, err := Run(context.Background(), db, q, Filters{Who: who, MinSample: 10})
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
func cell(t *testing.T, res *Result, col string, keys ...any) any {
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
	run := func(name, who string) *Result {
		q, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), db, q, Filters{Who: who})
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
	q, _ := Get("summary")
	count := func(f Filters) any {
		res, err := Run(context.Background(), db, q, f)
		if err != nil {
			t.Fatal(err)
		}
		return cell(t, res, "games", "opp")
	}
	for _, c := range []struct {
		name string
		f    Filters
		want int64
	}{
		{"none", Filters{}, 8},
		{"opponent", Filters{Opponent: "ladder"}, 8},
		{"other opponent", Filters{Opponent: "bot9"}, 0},
		{"source", Filters{Source: "week1"}, 8},
		{"since", Filters{Since: 1604731660}, 4},
		{"until", Filters{Until: 1604731660}, 4},
		{"game", Filters{Game: 3}, 1},
	} {
		if got := count(c.f); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v games, want %d", c.name, got, c.want)
		}
	}
	if _, err := Run(context.Background(), db, q, Filters{Who: "them"}); err == nil {
		t.Error("who=them accepted")
	}
}

func TestSmallSamplesAreNoted(t *testing.T) {
	db := testdb.Load(t, corpora["reallogs"], ingest.Options{})
	q, _ := Get("summary")
	res, err := Run(context.Background(), db, q, Filters{MinSample: 10})
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
