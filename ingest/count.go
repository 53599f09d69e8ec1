package ingest

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
)

//go:embed sql/count-games.sql
var countGamesSQL string

// CountGames returns how many games the database holds.
func CountGames(ctx context.Context, db *sql.DB) (int64, error) {
	var n int64
	if err := db.QueryRowContext(ctx, countGamesSQL).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the games: %w", err)
	}
	return n, nil
}
