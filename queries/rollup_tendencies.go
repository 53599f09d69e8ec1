package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
)

var (
	//go:embed sql/rollup-tendencies.sql
	rollupTendenciesSQL string
	//go:embed sql/rollup-tendencies-insert.sql
	rollupTendenciesInsertSQL string
)

// tendencyRows are rows of rollup_tendencies, a list per column.
type tendencyRows struct {
	grp                          []int64
	side, measure                []string
	cases, opportunities, rounds []int64
}

// buildTendencies fills rollup_tendencies for the groups of blocks, each
// of size games: it counts each block on its own (rollup-tendencies.sql),
// then inserts the rows of all of them at once.
func buildTendencies(ctx context.Context, tx *sql.Tx, size int64, blocks []int64) error {
	var t tendencyRows
	text := withTendencyRounds(rollupTendenciesSQL)
	for _, b := range blocks {
		if err := t.read(ctx, tx, text, size, b); err != nil {
			return fmt.Errorf("the tendencies of block %d: %w", b, err)
		}
	}
	_, err := tx.ExecContext(ctx, rollupTendenciesInsertSQL, sql.Named("grp", t.grp), sql.Named("side", t.side),
		sql.Named("measure", t.measure), sql.Named("cases", t.cases), sql.Named("opportunities", t.opportunities),
		sql.Named("rounds", t.rounds))
	return err
}

// read appends the rows of the block of size games from block.
func (t *tendencyRows) read(ctx context.Context, tx *sql.Tx, text string, size, block int64) error {
	rows, err := tx.QueryContext(ctx, text, sql.Named("n", size), sql.Named("block", block))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var grp, cases, opportunities, rounds int64
		var side, measure string
		if err := rows.Scan(&grp, &side, &measure, &cases, &opportunities, &rounds); err != nil {
			return err
		}
		t.grp, t.side, t.measure = append(t.grp, grp), append(t.side, side), append(t.measure, measure)
		t.cases, t.opportunities, t.rounds = append(t.cases, cases), append(t.opportunities, opportunities), append(t.rounds, rounds)
	}
	return rows.Err()
}
