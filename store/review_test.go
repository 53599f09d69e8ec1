package store_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/testdb"
	"github.com/ginlog/ginlog/store"
)

// TestReviewsRoundTrip stores a review's rows, reads them back by
// evaluator and side, and replaces a game's rows.
func TestReviewsRoundTrip(t *testing.T) {
	ctx := context.Background()
	db := testdb.Fresh(t).DB
	rows := []store.ReviewRow{
		{Game: 1, Round: 1, Ply: 3, Kind: "discard", Played: "S7", Best: "HK", Points: -4.5, BestPoints: -1, Win: -0.02, BestWin: 0.01, SE: 0.4, Deals: 8},
		{Game: 1, Round: 1, Ply: 3, Kind: "draw", Played: "take", Best: "take", Points: 2, BestPoints: 2, Deals: 8},
		{Game: 2, Round: 2, Ply: 1, Kind: "draw", Played: "refuse", Best: "take", Points: 0, BestPoints: 1.5, SE: 0.2, Deals: 8},
	}
	if err := store.SaveReviews(ctx, db, "k", gin.You, []int64{1, 2}, rows); err != nil {
		t.Fatal(err)
	}
	if err := store.SaveReviews(ctx, db, "other", gin.You, []int64{1}, rows[:1]); err != nil {
		t.Fatal(err)
	}
	got, err := store.LoadReviews(ctx, db, "k", gin.You, []int64{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("read back %+v, want %+v", got, rows)
	}
	if got, _ := store.LoadReviews(ctx, db, "k", gin.Opp, []int64{1, 2}); len(got) != 0 {
		t.Errorf("the other side's rows: %+v, want none", got)
	}
	if err := store.SaveReviews(ctx, db, "k", gin.You, []int64{1}, rows[1:2]); err != nil {
		t.Fatal(err)
	}
	got, _ = store.LoadReviews(ctx, db, "k", gin.You, []int64{1, 2})
	if want := rows[1:]; !reflect.DeepEqual(got, want) {
		t.Errorf("after replacing game 1: %+v, want %+v", got, want)
	}
}

// TestLoadGameReview reads a game's review by one evaluator, both sides:
// the current judge's rows before an earlier one's, then the evaluator of
// the most rows.
func TestLoadGameReview(t *testing.T) {
	ctx := context.Background()
	db := testdb.Fresh(t).DB
	you := []store.ReviewRow{
		{Game: 1, Round: 1, Ply: 1, Kind: "draw", Played: "take", Best: "refuse", Points: 1, BestPoints: 3, SE: 0.5, Deals: 4},
		{Game: 1, Round: 1, Ply: 1, Kind: "discard", Played: "S7", Best: "S7", Deals: 4},
	}
	opp := []store.ReviewRow{{Game: 1, Round: 1, Ply: 2, Kind: "draw", Played: "refuse", Best: "refuse", Deals: 4}}
	save := func(key string, side gin.Seat, rows []store.ReviewRow) {
		t.Helper()
		if err := store.SaveReviews(ctx, db, key, side, []int64{1}, rows); err != nil {
			t.Fatal(err)
		}
	}
	save("a/judge=1", gin.You, you)
	save("a/judge=1", gin.Opp, opp)
	save("b/judge=2", gin.You, you[:1])
	for _, tc := range []struct {
		current, want string
		rows          [2]int
	}{
		{"/judge=2", "b/judge=2", [2]int{1, 0}},
		{"/judge=3", "a/judge=1", [2]int{2, 1}},
	} {
		gr, err := store.LoadGameReview(ctx, db, 1, tc.current)
		if err != nil {
			t.Fatal(err)
		}
		if gr.Evaluator != tc.want || len(gr.Rows[gin.You]) != tc.rows[0] || len(gr.Rows[gin.Opp]) != tc.rows[1] {
			t.Errorf("current %s: evaluator %q with %d and %d rows, want %q with %v", tc.current, gr.Evaluator,
				len(gr.Rows[gin.You]), len(gr.Rows[gin.Opp]), tc.want, tc.rows)
		}
	}
	if gr, err := store.LoadGameReview(ctx, db, 2, "/judge=2"); err != nil || gr.Evaluator != "" {
		t.Errorf("an unreviewed game: %+v, %v", gr, err)
	}
	gr, _ := store.LoadGameReview(ctx, db, 1, "/judge=3")
	if !reflect.DeepEqual(gr.Rows[gin.Opp], opp) {
		t.Errorf("the opponent's rows: %+v, want %+v", gr.Rows[gin.Opp], opp)
	}
}
