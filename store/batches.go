package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/internal/panics"
	"golang.org/x/sync/errgroup"
)

// selectForVerify runs query, a selection of games to verify (the named
// parameters game, pending, from and to of sel), and returns the ids of
// the games it selects with each game's weight (its plays or its hands).
// what names the games in errors ("games", "Hearts games").
func selectForVerify(ctx context.Context, db *sql.DB, sel Selection, query, what string) ([]int64, []int, error) {
	null := func(v int64) any {
		if v == 0 {
			return nil
		}
		return v
	}
	from, to := null(sel.From), null(sel.To)
	if sel.To == 0 {
		from = nil
	}
	rows, err := db.QueryContext(ctx, query,
		sql.Named("game", null(sel.Game)),
		sql.Named("pending", sel.Game == 0 && !sel.All),
		sql.Named("from", from), sql.Named("to", to))
	if err != nil {
		return nil, nil, fmt.Errorf("select %s to verify: %w", what, err)
	}
	defer rows.Close()
	var ids []int64
	var weights []int
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, nil, fmt.Errorf("select %s to verify: %w", what, err)
		}
		ids, weights = append(ids, id), append(weights, n)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("select %s to verify: %w", what, err)
	}
	return ids, weights, nil
}

// inBatches cuts ids into batches whose weights add up to at most limit
// (a batch holds at least one game) and hands them to verifiers workers
// in parallel, each on a connection of its own: newWorker makes a
// worker's function for its connection (and any state the worker keeps
// from batch to batch). The first error stops every worker; what prefixes
// the error of a connection that cannot be had.
func inBatches(ctx context.Context, db *sql.DB, ids []int64, weights []int, limit int, what string,
	newWorker func(ctx context.Context, conn *sql.Conn) func(batch []int64) error) error {
	batches := make(chan []int64)
	g, gctx := errgroup.WithContext(ctx)
	for range verifiers {
		conn, err := db.Conn(gctx)
		if err != nil {
			close(batches)
			return errors.Join(fmt.Errorf("%s: %w", what, err), g.Wait())
		}
		work := newWorker(gctx, conn)
		g.Go(func() (err error) {
			defer panics.Capture(&err)
			defer conn.Close()
			for batch := range batches {
				if err := work(batch); err != nil {
					return err
				}
			}
			return nil
		})
	}
	g.Go(func() error {
		defer close(batches)
		for start := 0; start < len(ids); {
			end, n := start, 0
			for end < len(ids) && (end == start || n+weights[end] <= limit) {
				n += weights[end]
				end++
			}
			select {
			case batches <- ids[start:end]:
			case <-gctx.Done():
				return gctx.Err()
			}
			start = end
		}
		return nil
	})
	return g.Wait()
}
