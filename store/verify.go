package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/ginlog/ginlog/gin/replay"
)

// A kind is what verifying one kind of game takes that Verify and
// VerifyHearts differ by: which games wait, and how a batch is verified
// and written. R is a game's result.
type kind[R any] struct {
	games     string // the games, in errors: "games", "Hearts games"
	task      string // the work, in the error of a connection: "verify"
	noGame    string // after "no game N" when Selection.Game names none
	selectSQL string // the games to verify and their weights (selectForVerify)
	// batchWeight is how much of the weights a batch holds, at most (or
	// one game, if it weighs more).
	batchWeight int
	// rollups says that the kind's results feed the rollups: a batch
	// replacing them forgets the rollup groups of its games' blocks (see
	// replacing).
	rollups bool
	// worker returns the function that verifies a batch on conn and
	// stores its results in one transaction, which replaces the games'
	// earlier results in a run that does (run not nil): until it commits
	// the games keep their earlier results, and have the new ones after.
	// It is made once per connection, so that it may keep state from
	// batch to batch.
	worker func(ctx context.Context, conn *sql.Conn) func(ids []int64, run *replacing) ([]R, error)
}

// verify replays the games of kind k that sel selects and stores what it
// finds, replacing earlier results for them: the loop of Verify and
// VerifyHearts. Each batch is one transaction, on one of verifiers
// connections, and replaces its games' earlier results (sel.All,
// sel.Game) only as it commits: a run stopped at any point, killed
// included, leaves every game with its earlier results or its new ones.
// onTotal, when set, is called with the number of games selected; add
// with each game's result, then onGame (when set), one game at a time. A
// Game that names no game of the kind gives an error wrapping
// replay.ErrNoGame.
func verify[R any](ctx context.Context, db *sql.DB, k kind[R], sel Selection, onTotal func(int), onGame func(), add func(R)) error {
	ids, weights, err := selectForVerify(ctx, db, sel, k.selectSQL, k.games)
	if err == nil && sel.Game != 0 && len(ids) == 0 {
		err = fmt.Errorf("%w %d%s", replay.ErrNoGame, sel.Game, k.noGame)
	}
	if err != nil {
		return err
	}
	if onTotal != nil {
		onTotal(len(ids))
	}
	var run *replacing
	if sel.Game != 0 || sel.All {
		if run, err = newReplacing(ctx, db, k.rollups); err != nil {
			return err
		}
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
			results, err := work(batch, run)
			if err != nil {
				return err
			}
			count(results)
			return nil
		}
	})
}
