package watch

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
)

//go:embed sql/progress.sql
var progressSQL string

// InterruptedError reports an import or its verification stopped by
// cancellation (Ctrl-C, SIGTERM): what was committed stays, the files
// stay in place, and the next watch of the folder finishes the job. It
// wraps context.Canceled.
type InterruptedError struct {
	Loaded     int // the games this import loaded before it stopped
	Unverified int // the games of the database left to verify
}

func (e *InterruptedError) Error() string {
	left := " and verified" // the Gin games are verified in the transaction that loads them
	if e.Unverified > 0 {
		left = fmt.Sprintf(", %s left to verify", plural(e.Unverified, "game"))
	}
	return fmt.Sprintf("import interrupted: %s loaded%s, no file moved; watching again finishes the job", plural(e.Loaded, "game"), left)
}

// Unwrap returns context.Canceled: an interrupt.
func (e *InterruptedError) Unwrap() error { return context.Canceled }

// progress counts the games of db and those not verified yet. It runs
// after cancellation too, to say what an interrupted import left.
func progress(ctx context.Context, db *sql.DB) (games, unverified int, err error) {
	if err := db.QueryRowContext(context.WithoutCancel(ctx), progressSQL).Scan(&games, &unverified); err != nil {
		return 0, 0, fmt.Errorf("count the games: %w", err)
	}
	return games, unverified, nil
}

// interrupted returns the InterruptedError of an import that had
// before games in the database when it started.
func interrupted(ctx context.Context, db *sql.DB, before int) error {
	games, unverified, err := progress(ctx, db)
	if err != nil {
		return err
	}
	return &InterruptedError{Loaded: games - before, Unverified: unverified}
}
