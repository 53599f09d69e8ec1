package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/review"
	"github.com/ginlog/ginlog/store"
)

// showMarks is a game's stored review as show marks it: per round and
// ply, the decisions of the ply's actor that lost at least Inaccuracy.
type showMarks struct {
	evaluator string
	marks     map[[2]int]string // {round, ply} → "?? discard D2, not C9: 31.2 points"
}

// loadShowMarks reads the stored review of game (by the evaluator that
// judged most of it); nil when it was never reviewed.
func loadShowMarks(ctx context.Context, db *sql.DB, game int64) (*showMarks, error) {
	gr, err := store.LoadGameReview(ctx, db, game, review.JudgeSuffix())
	if err != nil || gr.Evaluator == "" {
		return nil, err
	}
	m := &showMarks{evaluator: gr.Evaluator, marks: map[[2]int]string{}}
	for _, side := range []gin.Seat{gin.You, gin.Opp} {
		for _, r := range gr.Rows[side] {
			_, v, ok := review.StoredValue(r)
			if !ok {
				continue
			}
			c := review.Classify(v.Loss())
			if c == review.Good {
				continue
			}
			at := [2]int{r.Round, r.Ply}
			text := fmt.Sprintf("%s %s %s, not %s: %.1f", c.Symbol(), r.Kind, v.Best, v.Played, v.Loss())
			m.marks[at] = strings.TrimPrefix(m.marks[at]+"; "+text, "; ")
		}
	}
	return m, nil
}

// at returns the marks of a ply of a round ("" for none, or no review).
func (m *showMarks) at(round, ply int) string {
	if m == nil {
		return ""
	}
	return m.marks[[2]int{round, ply}]
}

// legend says where the marks come from, for the game's heading.
func (m *showMarks) legend() string {
	if m == nil {
		return ""
	}
	return fmt.Sprintf("review marks (?! inaccuracy, ? mistake, ?? blunder: the better move, the move made, the points lost) by ginlog review with %s\n", review.DescribeEvaluator(m.evaluator))
}
