package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"slices"

	"github.com/ginlog/ginlog/selection"
)

var (
	//go:embed sql/unverified.sql
	unverifiedSQL string
	//go:embed sql/hearts-unverified.sql
	heartsUnverifiedSQL string
)

// logsOnly names the named queries that read the logs alone (the games,
// their rounds and plays), none of what verify derives from them.
var logsOnly = []string{"summary", "pace"}

// ReadsVerify reports whether the query reads what verify derived from
// the replay (play_features, round_checks, the Hearts checks), and so
// counts the verified games only: every named query but summary and pace,
// which count every selected game.
func (q Query) ReadsVerify() bool { return !slices.Contains(logsOnly, q.Name) }

// Unverified counts the games of kind game (GameGin, GameHearts) that the
// filters select in a ginlog database, and how many of them are not
// verified yet: those that the queries that read verify's results
// (ReadsVerify) leave out. Filters that select no game count none. A
// dataset needs no such count: ginlog export-data holds back every import
// with a game not verified.
func Unverified(ctx context.Context, db *sql.DB, game string, f selection.Filters) (unverified, selected int, err error) {
	if f, err = f.Check(); err != nil {
		return 0, 0, err
	}
	name, text := "unverified", unverifiedSQL
	if game == GameHearts {
		name, text = "hearts-unverified", heartsUnverifiedSQL
	}
	if err := db.QueryRowContext(ctx, Source{DB: db}.assemble(game, prelude(name), text), f.Args()...).Scan(&selected, &unverified); err != nil {
		return 0, 0, fmt.Errorf("query %s: %w", name, err)
	}
	return unverified, selected, nil
}
