package store

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/hearts/logs"
	"github.com/ginlog/ginlog/internal/sqltext"
)

var (
	//go:embed sql/hearts-select-games.sql
	heartsSelectSQL string
	//go:embed sql/hearts-forget-all.sql
	heartsForgetAllSQL string
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
	ids, hands, err := selectHearts(ctx, db, sel)
	if err != nil {
		return nil, err
	}
	if sel.All {
		if err := forgetHearts(ctx, db); err != nil {
			return nil, err
		}
	}
	if onTotal != nil {
		onTotal(len(ids))
	}
	sum := logs.NewSummary()
	var mu sync.Mutex
	count := func(reports []*logs.Report) {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range reports {
			sum.Add(r)
			if onGame != nil {
				onGame()
			}
		}
	}
	err = inBatches(ctx, db, ids, hands, heartsBatchHands, "verify Hearts games", func(ctx context.Context, conn *sql.Conn) func([]int64) error {
		var v logs.Verifier
		return func(batch []int64) error {
			reports, err := verifyHeartsBatch(ctx, conn, &v, batch, sel.Game != 0)
			if err != nil {
				return err
			}
			count(reports)
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	sum.Seconds = time.Since(start).Seconds()
	sum.HandsPerS = float64(sum.Hands) / max(sum.Seconds, 1e-9)
	return sum, nil
}

// selectHearts returns the ids of the selected Hearts games and their
// hands.
func selectHearts(ctx context.Context, db *sql.DB, sel Selection) ([]int64, []int, error) {
	ids, hands, err := selectForVerify(ctx, db, sel, heartsSelectSQL, "Hearts games")
	if err == nil && sel.Game != 0 && len(ids) == 0 {
		err = fmt.Errorf("%w %d among the Hearts games", replay.ErrNoGame, sel.Game)
	}
	return ids, hands, err
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

func forgetHearts(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("forget the Hearts results: %w", err)
	}
	for _, s := range sqltext.Statements(heartsForgetAllSQL) {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return errors.Join(fmt.Errorf("forget the Hearts results: %w", err), tx.Rollback())
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("forget the Hearts results: %w", err)
	}
	return nil
}
