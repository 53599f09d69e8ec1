package report

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/selection"
)

var corpora = map[string]string{"reallogs": "../../shared/reallogs", "sample": "../testdata/sample"}

// loadCorpus ingests and verifies a corpus; the real logs come from ../shared.
func loadCorpus(t *testing.T, name string) *sql.DB {
	t.Helper()
	testenv.Dir(t, corpora[name])
	return testdb.Load(t, corpora[name], ingest.Options{})
}

func write(t *testing.T, db *sql.DB, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(context.Background(), db, o, &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func buildPage(t *testing.T, db *sql.DB, o Options) *page {
	t.Helper()
	pg, err := build(context.Background(), db, o)
	if err != nil {
		t.Fatal(err)
	}
	return pg
}

// chartCount is how many charts a report draws; weights add
// inferenceCharts.
const (
	chartCount      = 11
	inferenceCharts = 2
)

// TestData compares the report's content (the summary, the ranked
// tendencies, every chart's data table) with the golden files.
func TestData(t *testing.T) {
	for _, tc := range []struct {
		name, corpus string
		o            Options
		weights      bool // with the weights fitted on the sample
	}{
		{"sample", "sample", Options{Filters: selection.Filters{Who: "opp", MinSample: 10}}, false},
		{"reallogs", "reallogs", Options{Filters: selection.Filters{Who: "opp", MinSample: 10}}, false},
		{"sample-you-game-3", "sample", Options{Filters: selection.Filters{Who: "you", MinSample: 5, Game: 3}, Game: 3}, false},
		{"sample-both-recent-1", "sample", Options{Filters: selection.Filters{Who: "both", MinSample: 30}, Recent: 1}, false},
		{"sample-weights", "sample", Options{Filters: selection.Filters{Who: "opp", MinSample: 10}}, true},
		{"sample-weights-last-1", "sample", Options{Filters: selection.Filters{Who: "opp", MinSample: 10}, InferenceGames: 1}, true},
		{"sample-you-weights", "sample", Options{Filters: selection.Filters{Who: "you", MinSample: 10}}, true},
		{"reallogs-weights", "reallogs", Options{Filters: selection.Filters{Who: "opp", MinSample: 10}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := chartCount
			if tc.weights {
				tc.o.Weights = sampleWeights(t)
				want += inferenceCharts
			}
			pg := buildPage(t, loadCorpus(t, tc.corpus), tc.o)
			if len(pg.Charts) != want {
				t.Errorf("%d charts, want %d", len(pg.Charts), want)
			}
			golden.Check(t, filepath.Join("testdata", tc.name+".txt"), pg.Text())
		})
	}
}

// charts counts the figures of a page, and fails the test unless each
// has its two drawings: one for a page's column, one for a phone's.
func charts(t *testing.T, html string) int {
	t.Helper()
	n := strings.Count(html, "<figure ")
	if svgs := strings.Count(html, "<svg"); svgs != 2*n {
		t.Errorf("%d drawings for %d charts, want two each", svgs, n)
	}
	return n
}

// TestSelfContained: the page loads nothing: no scripts, links, imports or
// external references.
func TestSelfContained(t *testing.T) {
	html := write(t, loadCorpus(t, "sample"), Options{Filters: selection.Filters{Who: "opp", MinSample: 10}})
	if n := charts(t, html); n != chartCount {
		t.Errorf("%d charts, want %d", n, chartCount)
	}
	html = strings.ReplaceAll(html, `xmlns="http://www.w3.org/2000/svg"`, "")
	html = strings.ReplaceAll(html, `xmlns:xlink="http://www.w3.org/1999/xlink"`, "")
	for _, bad := range []string{"http://", "https://", "<script", "<link", "@import", "url("} {
		if strings.Contains(html, bad) {
			t.Errorf("the report is not self-contained: it has %q", bad)
		}
	}
	for _, ext := range regexp.MustCompile(`(?:src|href)="([^"#][^"]*)"`).FindAllStringSubmatch(html, -1) {
		t.Errorf("external reference %s", ext[1])
	}
}

// TestUnverified renders a report of games not verified yet: no features,
// empty charts, no error.
func TestUnverified(t *testing.T) {
	testenv.Dir(t, corpora["sample"])
	db := testschema.Open(t)
	if _, err := ingest.Run(context.Background(), db.DB, ingest.Options{Paths: []string{corpora["sample"]}}); err != nil {
		t.Fatal(err)
	}
	pg := buildPage(t, db.DB, Options{Filters: selection.Filters{Who: "opp", MinSample: 10}})
	if len(pg.Charts) != chartCount || len(pg.Tendencies.Listed) != 0 || pg.Tendencies.Empty == "" {
		t.Errorf("%d charts, %d tendencies listed, empty note %q", len(pg.Charts), len(pg.Tendencies.Listed), pg.Tendencies.Empty)
	}
	checkLayout(t, pg)
}
