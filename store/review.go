package store

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/schema"
)

var (
	//go:embed sql/review-load.sql
	reviewLoadSQL string
	//go:embed sql/review-forget.sql
	reviewForgetSQL string
	//go:embed sql/review-game.sql
	reviewGameSQL string
	//go:embed sql/review-evaluator.sql
	reviewEvaluatorSQL string
)

// ReviewEvaluator returns the evaluator whose review of side to read when
// none is named: preferring those whose name ends in current, the one
// that judged the most decisions (the first by name on a tie); "" when
// the side was never reviewed.
func ReviewEvaluator(ctx context.Context, db *sql.DB, side gin.Seat, current string) (string, error) {
	var key string
	err := db.QueryRowContext(ctx, reviewEvaluatorSQL, side.String(), current).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read the stored review: %w", err)
	}
	return key, nil
}

// reviewDecisions is the table of the review's values.
const reviewDecisions = "review_decisions"

// ReviewRow is a row of review_decisions, less its evaluator and side:
// what ginlog review found for one decision.
type ReviewRow struct {
	Game               int64
	Round, Ply         int
	Kind               string // draw, discard or call
	Played, Best       string
	Points, BestPoints float64
	Win, BestWin       float64
	SE                 float64
	Deals              int
}

// GameReview is the stored review of one game: its evaluator and its rows
// by side.
type GameReview struct {
	Evaluator string
	Rows      [2][]ReviewRow // by gin.Seat
}

// LoadGameReview reads the stored review of game: the rows of both sides
// by one evaluator, preferring those whose name ends in current, then
// the one that judged most of its decisions (the first by name on a tie);
// an empty GameReview when the game was not reviewed.
func LoadGameReview(ctx context.Context, db *sql.DB, game int64, current string) (*GameReview, error) {
	rows, err := db.QueryContext(ctx, reviewGameSQL, game, current)
	if err != nil {
		return nil, fmt.Errorf("read the stored review: %w", err)
	}
	defer rows.Close()
	out := &GameReview{}
	for rows.Next() {
		var r ReviewRow
		var side string
		if err := rows.Scan(&out.Evaluator, &side, &r.Game, &r.Round, &r.Ply, &r.Kind, &r.Played, &r.Best,
			&r.Points, &r.BestPoints, &r.Win, &r.BestWin, &r.SE, &r.Deals); err != nil {
			return nil, fmt.Errorf("read the stored review: %w", err)
		}
		s := gin.You
		if side == gin.Opp.String() {
			s = gin.Opp
		}
		out.Rows[s] = append(out.Rows[s], r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the stored review: %w", err)
	}
	return out, nil
}

// LoadReviews reads the review_decisions rows of evaluator and side for
// the games ids, in order.
func LoadReviews(ctx context.Context, db *sql.DB, evaluator string, side gin.Seat, ids []int64) ([]ReviewRow, error) {
	rows, err := db.QueryContext(ctx, reviewLoadSQL, evaluator, side.String(), ids)
	if err != nil {
		return nil, fmt.Errorf("read the stored review: %w", err)
	}
	defer rows.Close()
	var out []ReviewRow
	for rows.Next() {
		var r ReviewRow
		if err := rows.Scan(&r.Game, &r.Round, &r.Ply, &r.Kind, &r.Played, &r.Best, &r.Points, &r.BestPoints,
			&r.Win, &r.BestWin, &r.SE, &r.Deals); err != nil {
			return nil, fmt.Errorf("read the stored review: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the stored review: %w", err)
	}
	return out, nil
}

// SaveReviews replaces the review_decisions rows of evaluator and side
// for the games ids by rows, in one transaction.
func SaveReviews(ctx context.Context, db *sql.DB, evaluator string, side gin.Seat, ids []int64, rows []ReviewRow) error {
	if len(ids) == 0 {
		return nil
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store the review: %w", err)
	}
	defer conn.Close()
	b, err := schema.Begin(ctx, conn)
	if err != nil {
		return fmt.Errorf("store the review: %w", err)
	}
	if err := b.Exec(ctx, reviewForgetSQL, evaluator, side.String(), ids); err != nil {
		return errors.Join(fmt.Errorf("store the review: %w", err), b.Rollback())
	}
	a, err := b.Appender(reviewDecisions)
	if err != nil {
		return errors.Join(err, b.Rollback())
	}
	for _, r := range rows {
		if err := a.AppendRow(evaluator, r.Game, int16(r.Round), int16(r.Ply), schema.Side(side), r.Kind, r.Played, r.Best,
			r.Points, r.BestPoints, r.Win, r.BestWin, r.SE, int32(r.Deals)); err != nil {
			return errors.Join(fmt.Errorf("store the review: game %d round %d ply %d: %w", r.Game, r.Round, r.Ply, err), b.Rollback())
		}
	}
	if err := b.Commit(ctx); err != nil {
		return fmt.Errorf("store the review: %w", err)
	}
	return nil
}
