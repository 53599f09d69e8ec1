package queries

import (
	"context"
	"database/sql"
	_ "embed"
	"strings"

	"github.com/ginlog/ginlog/gin"
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
}

var (
	//go:embed stmt/params.sql
	paramsSQL string
	//go:embed stmt/dims-database.sql
	dimsDatabaseSQL string
	//go:embed stmt/dims-dataset.sql
	dimsDatasetSQL string
	//go:embed stmt/prelude.sql
	preludeSQL string
)

// statement returns a statement's text read through the prelude, with its
// filters as DuckDB parameters.
func (src Source) statement(text string) string {
	return src.assemble(preludeSQL, text)
}

// assemble returns a statement's text read through the prelude pre (the
// Gin prelude, or another game's), with its filters as DuckDB parameters.
func (src Source) assemble(pre, text string) string {
	return assemble(paramsSQL, src.Tables, pre, text)
}

// dims returns the dimensions' common table expressions for the tables.
func (t Tables) dims() string {
	if t == DatasetTables {
		return dimsDatasetSQL
	}
	return dimsDatabaseSQL
}

// assemble joins the params, the dimensions of the tables, the prelude and
// a statement into one statement: one WITH list, the statement's own
// common table expressions last.
func assemble(params string, t Tables, prelude, text string) string {
	parts := []string{stripComments(params), stripComments(t.dims()), stripComments(phasesSQL), stripComments(prelude)}
	body := stripComments(text)
	if rest, ok := strings.CutPrefix(body, "WITH "); ok {
		parts = append(parts, rest)
		return "WITH " + strings.Join(parts, ",\n")
	}
	return "WITH " + strings.Join(parts, ",\n") + "\n" + body
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
func (src Source) Run(ctx context.Context, q Query, f Filters) (*Result, error) {
	return run(ctx, src, q, f)
}

// CardValues runs card-values over the source, as the package's
// CardValues does over a database.
func (src Source) CardValues(ctx context.Context, f Filters) ([gin.NumCards]CardValue, error) {
	return cardValues(ctx, src, f)
}
