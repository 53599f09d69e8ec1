package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/internal/sqltext"
)

// RollupBlock is how many consecutive game ids a block of the rollups
// spans: 4,096 games hold about 490,000 plays, so that a --since or --until
// that cuts a block costs a query a tenth of a second at most.
const RollupBlock = 4096

var (
	//go:embed sql/rollup-groups.sql
	rollupGroupsSQL string
	//go:embed sql/rollup-build.sql
	rollupBuildSQL string
	//go:embed sql/rollup-forget.sql
	rollupForgetSQL string
	//go:embed sql/rollup-last.sql
	rollupLastSQL string
	//go:embed sql/rollup-blocks.sql
	rollupBlocksSQL string
)

// Execer runs a statement: a *sql.DB, *sql.Conn or *sql.Tx.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// RefreshRollups builds, in one transaction, the rollups of every block
// of block consecutive game ids that is not covered yet, whose selectable
// Gin games are all verified and whose last id is taken (no later import
// can add a game to it). A block of 0 keeps the size the database's
// rollups have, RollupBlock when it has none; rollups of another size are
// dropped and built again. The named queries read a group's rollup rows
// instead of its games' rows only when the filters select every game of
// the group, so a missing rollup costs speed, never a different result.
func RefreshRollups(ctx context.Context, db *sql.DB, block int64) error {
	if block < 0 {
		return fmt.Errorf("refresh the rollups: a block of %d games", block)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("refresh the rollups: %w", err)
	}
	if err := buildRollups(ctx, tx, block); err != nil {
		return errors.Join(fmt.Errorf("refresh the rollups: %w", err), tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("refresh the rollups: %w", err)
	}
	return nil
}

// buildRollups runs the statements of rollup-groups.sql in tx, then, if
// they added groups, those of rollup-build.sql, and builds the
// tendencies' rollups of the blocks of the groups added.
func buildRollups(ctx context.Context, tx *sql.Tx, block int64) error {
	last := func() (grp, size int64, err error) {
		err = tx.QueryRowContext(ctx, rollupLastSQL).Scan(&grp, &size)
		return grp, size, err
	}
	old, size, err := last()
	if err != nil {
		return err
	}
	switch {
	case block == 0 && size > 0:
		block = size
	case block == 0:
		block = RollupBlock
	}
	args := []sql.NamedArg{sql.Named("n", block), sql.Named("old", old)}
	if err := execAll(ctx, tx, rollupGroupsSQL, args...); err != nil {
		return err
	}
	if now, _, err := last(); err != nil || now == old {
		return err
	}
	if err := execAll(ctx, tx, rollupBuildSQL, args...); err != nil {
		return err
	}
	blocks, err := newBlocks(ctx, tx, old)
	if err != nil {
		return err
	}
	return buildTendencies(ctx, tx, block, blocks)
}

// newBlocks returns the blocks of the groups above old, in order.
func newBlocks(ctx context.Context, tx *sql.Tx, old int64) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, rollupBlocksSQL, sql.Named("old", old))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var b int64
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// execAll runs each statement of a file in tx with those of args it
// names ($n, $old, ...).
func execAll(ctx context.Context, tx *sql.Tx, text string, args ...sql.NamedArg) error {
	for _, stmt := range sqltext.Statements(text) {
		var named []any
		for _, a := range args {
			if strings.Contains(stmt, "$"+a.Name) {
				named = append(named, a)
			}
		}
		if _, err := tx.ExecContext(ctx, stmt, named...); err != nil {
			return err
		}
	}
	return nil
}

// ForgetRollups deletes the rollup groups of the blocks that hold one of
// the games ids or a game that mirrors one of them. Every writer that
// changes such a game's tags, rows or mirror link calls it in its own
// transaction, before the change; the next RefreshRollups builds them
// again.
func ForgetRollups(ctx context.Context, x Execer, ids []int64) error {
	if _, err := x.ExecContext(ctx, rollupForgetSQL, sql.Named("ids", ids)); err != nil {
		return fmt.Errorf("forget the rollups of %d games: %w", len(ids), err)
	}
	return nil
}
