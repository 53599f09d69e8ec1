package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/selection"
)

var (
	//go:embed sql/games.sql
	gamesSQL string
	//go:embed sql/verdicts.sql
	verdictsSQL string
	//go:embed sql/scores.sql
	scoresSQL string
)

// Games lists the selected games with their score, winner and verify
// verdict, as a table: ginlog games prints it.
func Games(ctx context.Context, db *sql.DB, f selection.Filters) (*Result, error) {
	rows, _, err := query(ctx, Source{DB: db}, "games", gamesSQL, f)
	if err != nil {
		return nil, err
	}
	res, err := Collect(rows)
	if err != nil {
		return nil, fmt.Errorf("query games: %w", err)
	}
	return res, nil
}

// Verdicts returns the selected games' verified rounds by verify status.
func Verdicts(ctx context.Context, db *sql.DB, f selection.Filters) (map[replay.Status]int, error) {
	out := map[replay.Status]int{}
	err := eachRow(ctx, Source{DB: db}, "verdicts", verdictsSQL, f, func(rows *sql.Rows) error {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return err
		}
		out[replay.Status(status)] = n
		return nil
	})
	return out, err
}

// RunningScore is a game's running totals after each of its rounds.
type RunningScore struct {
	Game   int64
	LogTS  int64
	Totals [][2]int // after round i+1, by seat
}

// RunningScores returns the running scores of the recent selected games
// logged last, in log order.
func RunningScores(ctx context.Context, db *sql.DB, f selection.Filters, recent int) ([]RunningScore, error) {
	var out []RunningScore
	err := eachRow(ctx, Source{DB: db}, "scores", scoresSQL, f, func(rows *sql.Rows) error {
		var id, ts int64
		var round int
		var totals [2]int
		if err := rows.Scan(&id, &ts, &round, &totals[0], &totals[1]); err != nil {
			return err
		}
		if len(out) == 0 || out[len(out)-1].Game != id {
			out = append(out, RunningScore{Game: id, LogTS: ts})
		}
		g := &out[len(out)-1]
		if round != len(g.Totals)+1 {
			return fmt.Errorf("game %d: round %d after %d rounds", id, round, len(g.Totals))
		}
		g.Totals = append(g.Totals, totals)
		return nil
	}, sql.Named("recent", recent))
	return out, err
}
