package report

import (
	"context"
	"database/sql"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

const realHearts = "../../shared/hearts/logs"

// loadBoth ingests and verifies the given folders of Gin and Hearts logs
// into a fresh in-memory database.
func loadBoth(t *testing.T, dirs ...string) *sql.DB {
	t.Helper()
	ctx := context.Background()
	db := testschema.Open(t)
	for _, dir := range dirs {
		testenv.Dir(t, dir)
		if s, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{dir}}); err != nil || s.Rejected != 0 {
			t.Fatalf("ingest %s: %+v, %v", dir, s, err)
		}
	}
	if _, err := store.Verify(ctx, db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(ctx, db.DB, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := store.VerifyHearts(ctx, db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	return db.DB
}

// TestHeartsReport renders the report of the real Hearts logs alone (a
// Hearts report: its section only), and beside the sample Gin games (the
// Gin charts, then the Hearts section).
func TestHeartsReport(t *testing.T) {
	f := selection.Filters{Who: "opp", MinSample: 10}
	t.Run("hearts", func(t *testing.T) {
		db := loadBoth(t, realHearts)
		html := write(t, db, Options{Filters: f})
		if n := charts(t, html); n != 7 || !strings.Contains(html, "<title>Hearts report</title>") {
			t.Errorf("%d charts, want the 7 of the Hearts section alone", n)
		}
		pg := buildPage(t, db, Options{Filters: f})
		checkLayout(t, pg)
		golden.Check(t, filepath.Join("testdata", "hearts.txt"), pg.Text())
	})
	t.Run("both", func(t *testing.T) {
		db := loadBoth(t, corpora["sample"], realHearts)
		html := write(t, db, Options{Filters: f})
		if n := charts(t, html); n != chartCount+7 || strings.Index(html, `id="hearts-points"`) < strings.Index(html, `id="meld-loss"`) {
			t.Errorf("%d charts, want the %d Gin ones then the 7 Hearts ones", n, chartCount)
		}
		// A Gin game selects no Hearts game: no section.
		html = write(t, db, Options{Filters: selection.Filters{Who: "opp", MinSample: 10, Game: 1}, Game: 1})
		if n := charts(t, html); n != chartCount || strings.Contains(html, "hearts-points") {
			t.Errorf("game 1: %d charts, want the %d Gin ones", n, chartCount)
		}
	})
}

// TestHeartsOneHeading: a Hearts report has one heading, its title; beside
// Gin Rummy charts the Hearts part is a section of the page, under its
// own heading.
func TestHeartsOneHeading(t *testing.T) {
	f := selection.Filters{Who: "opp", MinSample: 10}
	for _, tc := range []struct {
		name, dir string
		h1        []string
		hearts    bool // a "Hearts" section heading
	}{
		{"hearts", realHearts, []string{"Hearts report"}, false},
		{"both", corpora["sample"], []string{"Gin Rummy report"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dirs := []string{tc.dir}
			if tc.hearts {
				dirs = append(dirs, realHearts)
			}
			html := write(t, loadBoth(t, dirs...), Options{Filters: f})
			var h1 []string
			for _, m := range regexp.MustCompile(`<h1>(.*?)</h1>`).FindAllStringSubmatch(html, -1) {
				h1 = append(h1, m[1])
			}
			if !slices.Equal(h1, tc.h1) {
				t.Errorf("headings %q, want %q", h1, tc.h1)
			}
			if got := strings.Contains(html, "<h2>Hearts</h2>"); got != tc.hearts {
				t.Errorf("a Hearts section heading: %v, want %v", got, tc.hearts)
			}
		})
	}
}
