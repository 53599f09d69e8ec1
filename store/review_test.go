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
	db := testdb.Memory(t).DB
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
