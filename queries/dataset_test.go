package queries_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ginlog/ginlog/dialect"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testdataset"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
)

// pair is a database file and its dataset, both open.
type pair struct {
	db, ds *sql.DB
}

// datasetCorpora builds the corpora the dataset tests compare: the sample,
// a simulated corpus of several imports, sources and opponents, and the
// real Hearts logs.
func datasetCorpora(t *testing.T) map[string]pair {
	t.Helper()
	out := map[string]pair{}
	build := func(name string, imports ...ingest.Options) {
		path := filepath.Join(t.TempDir(), "ginlog.duckdb")
		testdataset.Database(t, path, false, imports...)
		dir := testdataset.Export(t, path)
		db, err := schema.OpenReadOnly(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		out[name] = pair{db.DB, testdataset.Open(t, dir).DB}
	}
	build("sample", ingest.Options{Paths: []string{"../testdata/sample"}})
	tmp := t.TempDir()
	a := testdataset.Simulate(t, filepath.Join(tmp, "a"), "memory", "simple", 60, 7, 1600000000)
	b := testdataset.Simulate(t, filepath.Join(tmp, "b"), "simple", "meldable", 40, 8, 1600100000)
	c := testdataset.Simulate(t, filepath.Join(tmp, "c"), "meldable", "random", 30, 9, 1600200000)
	build("simulated",
		ingest.Options{Paths: []string{a}, Opponent: "simple", Source: "week 1"},
		ingest.Options{Paths: []string{b}, Opponent: "meldable", Source: "week 2"},
		ingest.Options{Paths: []string{c}, Opponent: "random"})
	build("hearts", ingest.Options{Paths: []string{realHearts}, Source: "hearts"})
	return out
}

// datasetFilters are the filters the dataset tests try, for each side.
var datasetFilters = []struct {
	name string
	f    selection.Filters
}{
	{"all", selection.Filters{}},
	{"opponent", selection.Filters{Opponent: "simple"}},
	{"source", selection.Filters{Source: "week 2"}},
	{"no source", selection.Filters{Opponent: "random"}},
	{"since", selection.Filters{Since: 1600100010}},
	{"until", selection.Filters{Until: 1600000030}},
	{"game", selection.Filters{Game: 3}},
	{"opponent and since", selection.Filters{Opponent: "meldable", Since: 1600100020}},
}

// rendered renders a result as the query command's text output.
func rendered(t *testing.T, res *queries.Result) string {
	t.Helper()
	var b bytes.Buffer
	tbl := &render.Table{Rows: res.Rows}
	for _, c := range res.Columns {
		tbl.Columns = append(tbl.Columns, render.Column{Name: c})
	}
	if err := render.Write(&b, render.Text, tbl, render.Piped); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// withoutRates returns a result's table without the columns Run adds.
func withoutRates(res *queries.Result) string {
	keep := []int{}
	var b bytes.Buffer
	for i, c := range res.Columns {
		if !slices.Contains([]string{"rate", "ci_low", "ci_high", "note"}, c) {
			keep = append(keep, i)
			fmt.Fprintf(&b, "%s\t", c)
		}
	}
	for _, row := range res.Rows {
		b.WriteString("\n")
		for _, i := range keep {
			fmt.Fprintf(&b, "%v\t", row[i])
		}
	}
	return b.String()
}

// TestDatasetMatchesDatabase: every named query, for every side and a set
// of filters, gives over the dataset exactly the table it gives over the
// database; so does the statement ginlog prints for Spark SQL and for
// Trino, run by DuckDB over the dataset; and so do the typed card values.
func TestDatasetMatchesDatabase(t *testing.T) {
	testenv.Long(t, "runs every query over the dataset and the database, for every corpus, side and filter")
	ctx := context.Background()
	for name, p := range datasetCorpora(t) {
		ds := queries.Source{DB: p.ds, Tables: queries.DatasetTables}
		for i, fc := range datasetFilters {
			whos := selection.Whos // every side without filters, one side for each filter
			if i > 0 {
				whos = whos[i%len(whos) : i%len(whos)+1]
			}
			for _, who := range whos {
				f := fc.f
				f.Who, f.MinSample = who, 10
				t.Run(name+"/"+fc.name+"/"+who, func(t *testing.T) {
					for _, q := range queries.All() {
						want, werr := queries.Run(ctx, p.db, q, f)
						got, gerr := ds.Run(ctx, q, f)
						if werr != nil || gerr != nil {
							if fmt.Sprint(werr) != fmt.Sprint(gerr) {
								t.Fatalf("%s: database error %v, dataset error %v", q.Name, werr, gerr)
							}
							continue
						}
						if w, g := rendered(t, want), rendered(t, got); w != g {
							t.Errorf("%s differs over the dataset:\ndataset:\n%s\ndatabase:\n%s", q.Name, g, w)
						}
						for _, d := range []dialect.Dialect{dialect.Spark, dialect.Trino} {
							text, err := queries.Statement(q, f, d)
							if err != nil {
								t.Fatal(err)
							}
							rows, err := p.ds.QueryContext(ctx, text)
							if err != nil {
								t.Fatalf("%s for %s, run by DuckDB: %v\n%s", q.Name, d, err, text)
							}
							res, err := queries.Collect(rows)
							if err != nil {
								t.Fatal(err)
							}
							if w, g := withoutRates(want), withoutRates(res); w != g {
								t.Errorf("%s for %s differs:\n%s\ndatabase:\n%s", q.Name, d, g, w)
							}
						}
					}
					wantCards, werr := queries.CardValues(ctx, p.db, f)
					gotCards, gerr := ds.CardValues(ctx, f)
					if fmt.Sprint(werr) != fmt.Sprint(gerr) || fmt.Sprint(wantCards) != fmt.Sprint(gotCards) {
						t.Errorf("card values differ: dataset %v (%v), database %v (%v)", gotCards, gerr, wantCards, werr)
					}
				})
			}
		}
	}
}

// TestQueriesDescribed: every named query has a description, its first
// comment line.
func TestQueriesDescribed(t *testing.T) {
	for _, q := range queries.All() {
		if q.Description == "" {
			t.Errorf("query %s has no description line", q.Name)
		}
	}
}
