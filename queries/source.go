package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/selection"
)

// Tables says which tables a Source's connection holds.
type Tables int

// The kinds of tables.
const (
	// DatabaseTables are a ginlog database's: card, side, call, relation
	// and check_status columns are DuckDB ENUMs, and the dimensions the
	// queries join (cards, sides, relations) come from those ENUMs.
	DatabaseTables Tables = iota
	// DatasetTables are a Parquet dataset's, as package dataset opens them
	// (or as Spark SQL or Trino register them): those columns are plain
	// strings, and the dimensions come from its cards and enums tables.
	DatasetTables
)

// Source is what a query reads: a DuckDB connection and the kind of
// tables it holds. The package's functions that take a *sql.DB read a
// ginlog database, as Source{DB: db} does.
type Source struct {
	DB     *sql.DB
	Tables Tables
	// NoGames, when set, gives the error of a source that holds no game
	// of a kind at all (schema.KindGin or KindHearts) in place of a
	// database's selection.EmptyError: a dataset says what it lacks and
	// what adds it. Its error must read as selection.ErrNoGames.
	NoGames func(kind string) error
}

var (
	//go:embed sql/dims-database.sql
	dimsDatabaseSQL string
	//go:embed sql/dims-dataset.sql
	dimsDatasetSQL string
	//go:embed sql/prelude.sql
	preludeSQL string
)

// statement returns a Gin statement's text read through the prelude, with
// its filters as DuckDB parameters.
func (src Source) statement(text string) string {
	return src.assemble(GameGin, preludeSQL, text)
}

// assemble returns a statement's text over the games of kind game read
// through the prelude pre (the Gin prelude, or another game's), with its
// filters as DuckDB parameters.
func (src Source) assemble(game, pre, text string) string {
	return assemble(selection.ParamsCTE(), src.Tables, game, pre, text)
}

// dims returns the dimensions' common table expressions for the tables.
func (t Tables) dims() string {
	if t == DatasetTables {
		return dimsDatasetSQL
	}
	return dimsDatabaseSQL
}

// assemble joins the params, the dimensions of the tables, the phases,
// the selected games of kind game (package selection's sel_games), the
// prelude and a statement into one statement: one WITH list, the
// statement's own common table expressions last.
func assemble(params string, t Tables, game, prelude, text string) string {
	parts := []string{stripComments(params), stripComments(t.dims()), stripComments(phasesSQL),
		stripComments(selection.GamesCTE(game)), stripComments(prelude)}
	body := stripComments(text)
	if rest, ok := strings.CutPrefix(body, "WITH "); ok {
		parts = append(parts, rest)
		return "WITH " + strings.Join(parts, ",\n")
	}
	return "WITH " + strings.Join(parts, ",\n") + "\n" + body
}

// query checks f and the games it selects (selection.Require), then runs
// the statement text (read through the prelude) with the filters and any
// extra arguments. Filters that select no game give an error wrapping
// selection.ErrNoGames, or replay.ErrNoGame when f.Game names no game.
func query(ctx context.Context, src Source, name, text string, f selection.Filters, extra ...any) (*sql.Rows, selection.Filters, error) {
	f, err := f.Check()
	if err != nil {
		return nil, f, err
	}
	game := GameOf(name)
	if err := selection.Require(ctx, src.DB, f, game); err != nil {
		var empty *selection.EmptyError
		if src.NoGames != nil && errors.As(err, &empty) {
			return nil, f, src.NoGames(empty.Kind)
		}
		return nil, f, err
	}
	rows, err := src.DB.QueryContext(ctx, src.assemble(game, prelude(name), text), append(f.Args(), extra...)...)
	if err != nil {
		return nil, f, fmt.Errorf("query %s: %w", name, err)
	}
	return rows, f, nil
}

// stripComments drops the leading comment and blank lines of a statement
// file and its trailing blank lines.
func stripComments(text string) string {
	lines := strings.Split(text, "\n")
	i := 0
	for i < len(lines) && (strings.HasPrefix(strings.TrimSpace(lines[i]), "--") || strings.TrimSpace(lines[i]) == "") {
		i++
	}
	return strings.TrimRight(strings.Join(lines[i:], "\n"), "\n ")
}

// Run runs a named query over the source with the filters and adds rates
// and intervals, as the package's Run does over a database.
func (src Source) Run(ctx context.Context, q Query, f selection.Filters) (*Result, error) {
	return run(ctx, src, q, f)
}

// CardValues runs card-values over the source, as the package's
// CardValues does over a database.
func (src Source) CardValues(ctx context.Context, f selection.Filters) ([gin.NumCards]CardValue, error) {
	return cardValues(ctx, src, f)
}
