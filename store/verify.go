package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/sqltext"
)

// A kind is what verifying one kind of game takes that Verify and
// VerifyHearts differ by: which games wait, how to forget every result,
// and how a batch is verified and written. R is a game's result.
type kind[R any] struct {
	games     string // the games, in errors: "games", "Hearts games"
	task      string // the work, in the error of a connection: "verify"
	noGame    string // after "no game N" when Selection.Game names none
	selectSQL string // the games to verify and their weights (selectForVerify)
	forgetSQL string // every result of the kind forgotten (Selection.All)
	forgotten string // the results, in errors: "the results"
	// batchWeight is how much of the weights a batch holds, at most (or
	// one game, if it weighs more).
	batchWeight int
	// worker returns the function that verifies a batch on conn and
	// stores its results in one transaction (replace: deleting the
	// batch's earlier results first). It is made once per connection, so
	// that it may keep state from batch to batch.
	worker func(ctx context.Context, conn *sql.Conn) func(ids []int64, replace bool) ([]R, error)
}

// verify replays the games of kind k that sel selects and stores what it
// finds, replacing earlier results for them: the loop of Verify and
// VerifyHearts. Each batch is one transaction, on one of verifiers
// connections. onTotal, when set, is called with the number of games
// selected; add with each game's result, then onGame (when set), one game
// at a time. A Game that names no game of the kind gives an error
// wrapping replay.ErrNoGame.
func verify[R any](ctx context.Context, db *sql.DB, k kind[R], sel Selection, onTotal func(int), onGame func(), add func(R)) error {
	ids, weights, err := selectForVerify(ctx, db, sel, k.selectSQL, k.games)
	if err == nil && sel.Game != 0 && len(ids) == 0 {
		err = fmt.Errorf("%w %d%s", replay.ErrNoGame, sel.Game, k.noGame)
	}
	if err != nil {
		return err
	}
	if sel.All {
		// Forget every result at once: a game without results is simply
		// not verified, so a crash before the end leaves the rest to the
		// next run.
		if err := forgetAll(ctx, db, k.forgetSQL, k.forgotten); err != nil {
			return err
		}
	}
	if onTotal != nil {
		onTotal(len(ids))
	}
	var mu sync.Mutex
	// count adds a batch's results, one game at a time.
	count := func(results []R) {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range results {
			add(r)
			if onGame != nil {
				onGame()
			}
		}
	}
	return inBatches(ctx, db, ids, weights, k.batchWeight, k.task, func(ctx context.Context, conn *sql.Conn) func([]int64) error {
		work := k.worker(ctx, conn)
		return func(batch []int64) error {
			results, err := work(batch, sel.Game != 0)
			if err != nil {
				return err
			}
			count(results)
			return nil
		}
	})
}

// forgetAll runs the statements of forgetSQL in one transaction; what
// names the results in its errors.
func forgetAll(ctx context.Context, db *sql.DB, forgetSQL, what string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("forget %s: %w", what, err)
	}
	for _, s := range sqltext.Statements(forgetSQL) {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return errors.Join(fmt.Errorf("forget %s: %w", what, err), tx.Rollback())
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("forget %s: %w", what, err)
	}
	return nil
}
