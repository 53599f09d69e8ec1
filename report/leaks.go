package report

import (
	"context"
	"database/sql"
	"fmt"
	"image/color"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/review"
	"github.com/ginlog/ginlog/store"
	"gonum.org/v1/plot/vg"
)

// TopLeaks is how many leaks the report lists.
const TopLeaks = 3

// leaks is the section that opens a Gin report: the logged player's
// biggest leaks, from the decisions ginlog review stored for the games
// the filters select. The report judges nothing itself: without a stored
// review the section says how to get one.
type leaks struct {
	Note   string
	Listed []leakLine
	Chart  *chart // points lost a game by kind of decision
}

type leakLine struct{ Sentence, Cost, Worst string }

// leaksSection reads the stored review of the logged player's decisions
// in the selected games (by the evaluator ginlog review last used most,
// store.ReviewEvaluator) and sums it up.
func leaksSection(ctx context.Context, db *sql.DB, o Options) (*leaks, error) {
	key, err := store.ReviewEvaluator(ctx, db, gin.You, review.JudgeSuffix())
	if err != nil {
		return nil, err
	}
	if key == "" {
		return &leaks{Note: "ginlog review judges each of your decisions from what you saw, prices each mistake in points and groups them into leaks; " +
			"run it once and your biggest leaks open this report."}, nil
	}
	ids, err := store.GameIDs(ctx, db, store.Filter{Filters: o.Filters})
	if err != nil {
		return nil, err
	}
	rows, err := store.LoadReviews(ctx, db, key, gin.You, ids)
	if err != nil {
		return nil, err
	}
	stored, reviewed := review.Stored(rows)
	if len(reviewed) == 0 {
		return &leaks{Note: fmt.Sprintf("ginlog review has judged none of the %d games selected; run it on them and your biggest leaks open this report.", len(ids))}, nil
	}
	games, err := store.Load(ctx, db, reviewed)
	if err != nil {
		return nil, err
	}
	reviews := make([]*review.Game, len(games))
	for i, g := range games {
		reviews[i] = review.Review(g, gin.You, nil, stored)
	}
	return summariseLeaks(review.Summarise(reviews, 0), len(ids), key)
}

// summariseLeaks writes the section of a review's report rep, of the
// games selected, by evaluator key.
func summariseLeaks(rep *review.Report, selected int, key string) (*leaks, error) {
	l := &leaks{Note: fmt.Sprintf("From ginlog review of %d of the %d games selected, by the rollouts of %s: %d decisions, %.1f%% within a point of the best, %.1f points lost a game. "+
		"A leak is a kind of decision in one situation; its cost is the points it lost a game, with a 95%% interval.",
		rep.Games, selected, review.DescribeEvaluator(key), rep.Decisions, 100*rep.Accuracy(), rep.PerGame(rep.Lost))}
	for _, lk := range rep.Leaks[:min(TopLeaks, len(rep.Leaks))] {
		line := leakLine{Sentence: lk.Explain(review.Who(gin.You)), Cost: fmt.Sprintf("(95%%: %.1f to %.1f points a game)", lk.Lo, lk.Hi)}
		if len(lk.Worst) > 0 {
			w := lk.Worst[0]
			line.Worst = fmt.Sprintf("Worst: game %d, round %d, ply %d (ginlog show %d --round %d).", w.Game, w.Round, w.Ply, w.Game, w.Round)
		}
		l.Listed = append(l.Listed, line)
	}
	if len(l.Listed) == 0 {
		l.Note += " No decision lost a point beyond the evaluator's noise."
	}
	var names []string
	var lost []float64
	var inks []color.Color
	var rows [][]string
	for k := range review.NumKinds {
		t := rep.ByKind[k]
		names, lost, inks = append(names, k.String()), append(lost, rep.PerGame(t.Lost)), append(inks, sideInk(gin.You))
		rows = append(rows, []string{k.String(), fmt.Sprint(t.Decisions), fmt.Sprintf("%.2f", rep.PerGame(t.Lost))})
	}
	c := chart{ID: "leaks", Half: true, Caption: "The points your decisions lost a game, by kind: the draw (take the face-up card or not), the discard, and the call (knock, Gin or play on).",
		Header: []string{"decision", "decisions", "points lost a game"}, Rows: rows}
	c, err := c.draw(layout{plot: colouredBars("Points lost a game by decision", "decision", "points lost a game", names, lost, inks)}, halfWidth, vg.Points(230))
	if err != nil {
		return nil, err
	}
	l.Chart = &c
	return l, nil
}
