package selection

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/schema"
)

var (
	//go:embed sql/params.sql
	paramsSQL string
	//go:embed sql/games.sql
	gamesSQL string
	//go:embed sql/hearts-games.sql
	heartsGamesSQL string
	//go:embed sql/selected.sql
	selectedSQL string
	//go:embed sql/hearts-selected.sql
	heartsSelectedSQL string
	//go:embed sql/game-ids.sql
	gameIDsSQL string
)

// ParamsCTE returns the common table expression params, the filters as a
// row (who, opponent, source, since, until, game; NULL: no such filter),
// read from DuckDB's named parameters as Filters.Args gives them. Its
// text starts with comment lines.
func ParamsCTE() string { return paramsSQL }

// GamesCTE returns the common table expression sel_games: the games of
// kind (schema.KindGin, or schema.KindHearts, whose rows add the game's
// players, version and group) that the params row selects. It reads
// params, and its text starts with comment lines.
func GamesCTE(kind string) string {
	if kind == schema.KindHearts {
		return heartsGamesSQL
	}
	return gamesSQL
}

// with returns the statement text read through the common table
// expressions ctes, in order.
func with(text string, ctes ...string) string {
	parts := make([]string, len(ctes))
	for i, c := range ctes {
		parts[i] = strip(c)
	}
	return "WITH " + strings.Join(parts, ",\n") + "\n" + strip(text)
}

// strip drops the leading comment and blank lines of a statement file and
// its trailing blank lines.
func strip(text string) string {
	lines := strings.Split(text, "\n")
	i := 0
	for i < len(lines) && (strings.HasPrefix(strings.TrimSpace(lines[i]), "--") || strings.TrimSpace(lines[i]) == "") {
		i++
	}
	return strings.TrimRight(strings.Join(lines[i:], "\n"), "\n ")
}

// EmptyError reports a database that holds no game of a kind at all:
// nothing for filters to select. It reads as ErrNoGames; its message is a
// database's, which a caller reading a dataset replaces.
type EmptyError struct {
	Kind string // schema.KindGin or schema.KindHearts
}

func (e *EmptyError) Error() string {
	if e.Kind == schema.KindHearts {
		return ErrNoGames.Error() + ": the database holds no Hearts games (run ginlog ingest on a folder of Hearts logs)"
	}
	return ErrNoGames.Error() + ": the database holds none (run ginlog ingest)"
}

func (e *EmptyError) Unwrap() error { return ErrNoGames }

// Require returns nil when the checked filters f select at least one game
// of kind from db (a ginlog database, or a dataset's tables). Otherwise
// its error wraps replay.ErrNoGame when f.Game names no game, or
// ErrNoGames: db holds no game of kind (an *EmptyError), or it does and
// the error is a *NoMatchError saying why none matches (Explain).
func Require(ctx context.Context, db *sql.DB, f Filters, kind string) error {
	selected := selectedSQL
	if kind == schema.KindHearts {
		selected = heartsSelectedSQL
	}
	var n, named, total int64
	if err := db.QueryRowContext(ctx, with(selected, paramsSQL, GamesCTE(kind)), f.Args()...).Scan(&n, &named, &total); err != nil {
		return fmt.Errorf("select games: %w", err)
	}
	switch {
	case f.Game != 0 && named == 0:
		return fmt.Errorf("%w %d", replay.ErrNoGame, f.Game)
	case total == 0:
		return &EmptyError{Kind: kind}
	case n == 0:
		return Explain(ctx, db, f)
	}
	return nil
}

// GameIDs returns the ids of the Gin games the filters select (whatever
// Who says), in order. Filters that select no game give Require's error.
func GameIDs(ctx context.Context, db *sql.DB, f Filters) ([]int64, error) {
	return GameIDsOf(ctx, db, f, schema.KindGin)
}

// GameIDsOf returns the ids of the games of kind (schema.KindGin or
// schema.KindHearts) the filters select (whatever Who says), in order.
// Filters that select no game give Require's error.
func GameIDsOf(ctx context.Context, db *sql.DB, f Filters, kind string) ([]int64, error) {
	f.Who = "both"
	f, err := f.Check()
	if err != nil {
		return nil, err
	}
	if err := Require(ctx, db, f, kind); err != nil {
		return nil, err
	}
	rows, err := db.QueryContext(ctx, with(gameIDsSQL, paramsSQL, GamesCTE(kind)), f.Args()...)
	if err != nil {
		return nil, fmt.Errorf("query game-ids: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("query game-ids: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("query game-ids: %w", err)
	}
	return ids, nil
}
