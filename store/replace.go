package store

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"sync"
)

var (
	//go:embed sql/rollup-blocks.sql
	rollupBlocksSQL string
	//go:embed sql/forget-blocks.sql
	forgetBlocksSQL string
)

// A replacing is a verify run that replaces earlier results (Selection.All
// or Game), nil for one that only adds results. Each batch's transaction
// deletes its games' earlier results and stores the new ones. For the Gin
// games, whose results feed the rollups, it also forgets the rollup groups
// of their blocks, and no transaction may commit new results of a game
// while the game's block has groups. Two transactions at once cannot both
// delete a row, so each block is forgotten by one transaction only, the
// first batch's with a game in it to claim it, and a later batch with a
// game in the block commits only once that one has: batches fill their
// transactions in parallel and wait, if at all, at the commit.
type replacing struct {
	block int64 // the rollups' block size
	mu    sync.Mutex
	// claims holds, by block, the batch that forgets its groups: nil
	// until one claims it. A block without groups has no entry: no rollup
	// build runs during a verify, so it has nothing to forget.
	claims map[int64]*claim
}

// A claim is a batch's transaction forgetting the rollup groups of blocks.
type claim struct {
	done      chan struct{} // closed when the transaction has ended
	committed bool          // set before done is closed
}

// errClaimFailed stops a batch whose games share a block with a batch
// that failed to commit: the block's rollup groups were not forgotten.
var errClaimFailed = errors.New("a batch with games in the same rollup block failed")

// newReplacing returns the replacing of a run; with rollups, that of a
// run over games whose results feed the rollups, which reads the blocks
// that have rollup groups.
func newReplacing(ctx context.Context, db *sql.DB, rollups bool) (*replacing, error) {
	r := &replacing{claims: map[int64]*claim{}}
	if !rollups {
		return r, nil
	}
	rows, err := db.QueryContext(ctx, rollupBlocksSQL)
	if err != nil {
		return nil, fmt.Errorf("read the rollup blocks: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var block int64
		if err := rows.Scan(&block, &r.block); err != nil {
			return nil, fmt.Errorf("read the rollup blocks: %w", err)
		}
		r.claims[block] = nil
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the rollup blocks: %w", err)
	}
	return r, nil
}

// claim returns the blocks with rollup groups of ids (sorted) that the
// batch forgets, those no batch has claimed yet, with its claim on them
// (nil for none), and the claims of its other blocks with groups, whose
// transactions must have committed before the batch commits.
func (r *replacing) claim(ids []int64) (blocks []int64, mine *claim, earlier []*claim) {
	if r == nil || len(r.claims) == 0 {
		return nil, nil, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	last := int64(-1)
	for _, id := range ids {
		b := id - id%r.block
		if b == last {
			continue
		}
		last = b
		c, rolled := r.claims[b]
		switch {
		case !rolled:
		case c == nil:
			if mine == nil {
				mine = &claim{done: make(chan struct{})}
			}
			r.claims[b] = mine
			blocks = append(blocks, b)
		case !slices.Contains(earlier, c):
			earlier = append(earlier, c)
		}
	}
	return blocks, mine, earlier
}

// end records how the claiming transaction ended; a nil claim is none.
func (c *claim) end(committed bool) {
	if c == nil {
		return
	}
	c.committed = committed
	close(c.done)
}

// await waits until the earlier claims' transactions have ended, and
// returns errClaimFailed if one did not commit.
func await(ctx context.Context, earlier []*claim) error {
	for _, c := range earlier {
		select {
		case <-c.done:
			if !c.committed {
				return errClaimFailed
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
