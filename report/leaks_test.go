package report

import (
	"context"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/golden"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/players/tuned"
	"github.com/ginlog/ginlog/review"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

// TestLeaks reviews the sample's games with the real judge (on 4 deals a
// move, so that the test runs in seconds), stores the review as ginlog
// review does, and checks the section that opens the report: the three
// biggest leaks, the chart of points lost by kind, and its layout. Before
// the review, the section says how to get one.
func TestLeaks(t *testing.T) {
	ctx := context.Background()
	db := loadCorpus(t, "sample")
	o := Options{Filters: selection.Filters{Who: "opp", MinSample: 10}}
	if pg := buildPage(t, db, o); pg.Leaks == nil || pg.Leaks.Chart != nil || !strings.Contains(pg.Leaks.Note, "run it once") {
		t.Fatalf("before a review: %+v", pg.Leaks)
	}
	cfg := tuned.DefaultRolloutConfig
	cfg.Samples, cfg.Pool = 4, 16
	judge, err := tuned.NewJudge(model.Defaults(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := store.GameIDs(ctx, db, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	games, err := store.Load(ctx, db, ids)
	if err != nil {
		t.Fatal(err)
	}
	reviews, err := review.Run(ctx, games, review.Options{Side: gin.You, Evaluator: func() review.Evaluator { return judge.Fresh() }})
	if err != nil {
		t.Fatal(err)
	}
	saved, rows := review.Rows(reviews)
	if err := store.SaveReviews(ctx, db, "default:test/deals=4"+review.JudgeSuffix(), gin.You, saved, rows); err != nil {
		t.Fatal(err)
	}
	pg := buildPage(t, db, o)
	l := pg.Leaks
	if l == nil || len(l.Listed) != TopLeaks || l.Chart == nil {
		t.Fatalf("after the review: %+v", l)
	}
	checkLayout(t, pg)
	text := pg.Text()
	golden.Check(t, "testdata/sample-leaks.txt", text[strings.Index(text, "## your leaks"):strings.Index(text, "## the opponent's tendencies")])
	// Only the games the filters select: one game's leaks.
	one := buildPage(t, db, Options{Filters: selection.Filters{Who: "opp", MinSample: 10, Game: ids[2]}})
	if !strings.Contains(one.Leaks.Note, "review of 1 of the 1 games selected") {
		t.Errorf("one game: %q", one.Leaks.Note)
	}
}
