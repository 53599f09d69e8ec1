package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/internal/sqltext"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store/verdicts"
)

// write stores the results of games in one transaction on conn. In a run
// that replaces results (run not nil) it deletes their earlier results
// first, forgets the rollup groups of the blocks the batch claims, and
// commits only once the batches that claimed its other blocks have.
func write(ctx context.Context, conn *sql.Conn, games []*replay.Game, results []replay.Result, run *replacing) error {
	ids := make([]int64, len(games))
	for i, g := range games {
		ids[i] = g.ID
	}
	blocks, mine, earlier := run.claim(ids)
	committed := false
	defer func() { mine.end(committed) }()
	b, err := schema.Begin(ctx, conn)
	if err != nil {
		return err
	}
	if err := fill(ctx, b, ids, games, results, run != nil, blocks); err != nil {
		return errors.Join(err, b.Rollback())
	}
	// Fill the transaction, then wait for the earlier claims: the
	// batches fill theirs in parallel.
	if err := b.Flush(); err != nil {
		return errors.Join(err, b.Rollback())
	}
	if err := await(ctx, earlier); err != nil {
		return errors.Join(err, b.Rollback())
	}
	if err := b.Commit(ctx); err != nil {
		return err
	}
	committed = true
	return nil
}

// fill deletes the earlier results of the games (their ids) when replace
// is set and forgets the rollup groups of blocks, then appends the new
// results.
func fill(ctx context.Context, b *schema.Batch, ids []int64, games []*replay.Game, results []replay.Result, replace bool, blocks []int64) error {
	if replace {
		for _, s := range sqltext.Statements(forgetGamesSQL) {
			if err := b.Exec(ctx, s, ids); err != nil {
				return fmt.Errorf("forget earlier results: %w", err)
			}
		}
	}
	if len(blocks) > 0 {
		if err := b.Exec(ctx, forgetBlocksSQL, blocks); err != nil {
			return fmt.Errorf("forget the rollups: %w", err)
		}
	}
	w, err := verdicts.NewWriter(b)
	if err != nil {
		return err
	}
	for i, g := range games {
		if err := w.Game(g.ID, &results[i]); err != nil {
			return fmt.Errorf("game %d: %w", g.ID, err)
		}
	}
	return nil
}
