package store

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"time"

	"github.com/ginlog/ginlog/hearts/logs"
)

var (
	//go:embed sql/hearts-select-games.sql
	heartsSelectSQL string
	//go:embed sql/hearts-forget-games.sql
	heartsForgetGamesSQL string
)

// heartsBatchHands is how many hands a transaction verifies, at most (or
// one game, if it has more): about a DuckDB row group (122,880 rows) of
// hearts_plays, 52 rows a hand.
const heartsBatchHands = 2400

// VerifyHearts replays the selected Hearts games as Verify does the Gin
// ones (logs.Verifier: the order of the cards recovered, every rule and
// score checked, the end of the game), and stores what it finds in
// hearts_checks, hearts_hand_checks, hearts_seats, hearts_plays and
// hearts_deviations, replacing earlier results for them. Each batch of
// games is one transaction. A Game that names no Hearts game gives an
// error wrapping replay.ErrNoGame.
func VerifyHearts(ctx context.Context, db *sql.DB, sel Selection, onTotal func(int), onGame func()) (*logs.Summary, error) {
	start := time.Now()
	sum := logs.NewSummary()
	if err := verify(ctx, db, heartsKind, sel, onTotal, onGame, sum.Add); err != nil {
		return nil, err
	}
	sum.Seconds = time.Since(start).Seconds()
	sum.HandsPerS = float64(sum.Hands) / max(sum.Seconds, 1e-9)
	return sum, nil
}

// heartsKind is how VerifyHearts verifies Hearts games: by a
// logs.Verifier per connection, in batches of heartsBatchHands hands.
var heartsKind = kind[*logs.Report]{
	games:       "Hearts games",
	task:        "verify Hearts games",
	noGame:      " among the Hearts games",
	selectSQL:   heartsSelectSQL,
	batchWeight: heartsBatchHands,
	worker: func(ctx context.Context, conn *sql.Conn) func([]int64, *replacing) ([]*logs.Report, error) {
		var v logs.Verifier
		return func(ids []int64, run *replacing) ([]*logs.Report, error) {
			return verifyHeartsBatch(ctx, conn, &v, ids, run != nil)
		}
	},
}

// verifyHeartsBatch replays a batch on conn and stores the reports in one
// transaction; replace deletes earlier results first.
func verifyHeartsBatch(ctx context.Context, conn *sql.Conn, v *logs.Verifier, ids []int64, replace bool) ([]*logs.Report, error) {
	games, err := loadHearts(ctx, conn, ids)
	if err != nil {
		return nil, err
	}
	reports := make([]*logs.Report, len(games))
	for i, g := range games {
		reports[i] = v.Verify(g.Game)
	}
	if err := writeHearts(ctx, conn, games, reports, replace); err != nil {
		return nil, fmt.Errorf("store the results of Hearts games %d to %d: %w", ids[0], ids[len(ids)-1], err)
	}
	return reports, nil
}
