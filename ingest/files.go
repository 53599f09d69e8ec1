package ingest

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
)

var (
	//go:embed sql/count-games.sql
	countGamesSQL string
	//go:embed sql/rejected-files.sql
	rejectedFilesSQL string
	//go:embed sql/known-files.sql
	knownFilesSQL string
)

// CountGames returns how many games the database holds.
func CountGames(ctx context.Context, db *sql.DB) (int64, error) {
	var n int64
	if err := db.QueryRowContext(ctx, countGamesSQL).Scan(&n); err != nil {
		return 0, fmt.Errorf("count the games: %w", err)
	}
	return n, nil
}

// RejectedFiles returns the files the import rejected, as it named them
// (a zip entry as archive.zip!inner/path): the files of the games it
// rejected and the inputs rejected on their own.
func RejectedFiles(ctx context.Context, db *sql.DB, importID int32) ([]string, error) {
	rows, err := db.QueryContext(ctx, rejectedFilesSQL, importID)
	if err != nil {
		return nil, fmt.Errorf("the files import %d rejected: %w", importID, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, fmt.Errorf("the files import %d rejected: %w", importID, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("the files import %d rejected: %w", importID, err)
	}
	return out, nil
}

// KnownFiles returns which of the SHA-256 digests (hex, as import_files
// records them) are those of a file of a game the database holds.
func KnownFiles(ctx context.Context, db *sql.DB, digests []string) (map[string]bool, error) {
	rows, err := db.QueryContext(ctx, knownFilesSQL, digests)
	if err != nil {
		return nil, fmt.Errorf("look files up: %w", err)
	}
	defer rows.Close()
	known := map[string]bool{}
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			return nil, fmt.Errorf("look files up: %w", err)
		}
		known[d] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("look files up: %w", err)
	}
	return known, nil
}
