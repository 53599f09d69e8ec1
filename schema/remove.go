package schema

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"

	"github.com/ginlog/ginlog/internal/sqltext"
)

//go:embed sql/games/remove.sql
var removeGamesSQL string

// ExecFunc runs a statement in the caller's transaction: a *sql.Tx's
// (TxExec) or a Batch's Exec.
type ExecFunc func(ctx context.Context, query string, args ...any) error

// TxExec runs statements in tx.
func TxExec(tx *sql.Tx) ExecFunc {
	return func(ctx context.Context, query string, args ...any) error {
		_, err := tx.ExecContext(ctx, query, args...)
		return err
	}
}

// RemoveGames deletes the games ids with everything derived from them, in
// the transaction of exec: the rollup groups of their blocks, rounds,
// plays, verify's results, the Hearts tables and their import_files rows
// (each import's record and errors stay). A removed game that games left
// in place mirror hands its link over: the first of them (the lowest id)
// becomes the game counted, and the others mirror it instead. ginlog rm
// removes games with it, and ingest the games it replaces by their
// complete version.
func RemoveGames(ctx context.Context, exec ExecFunc, ids []int64) error {
	for _, stmt := range sqltext.Statements(removeGamesSQL) {
		if err := exec(ctx, stmt, sql.Named("ids", ids)); err != nil {
			return fmt.Errorf("remove %d games: %w", len(ids), err)
		}
	}
	return nil
}
