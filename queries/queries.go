// Package queries holds ginlog's analytic queries. Each named query is an
// embedded sql/named/<name>.sql file whose first line is
// "-- <name>: <one-line description>", whose second, for a query with a
// rate, is "-- rate: <cases>, of <opportunities>", and whose following
// comment lines explain its columns; the statements the other commands read (the games
// list, the report's data) and the package's own (the prelude, the
// dimensions, the rollups) are embedded sql/<name>.sql files.
//
// Every statement reads the filtered views sel_games, sel_rounds,
// sel_plays, sel_features, sel_checks and sel_sides, defined in front of
// it from the selection.Filters: sel_games is package selection's (games
// logged by the other player, mirror_of set, are always left out), the
// others sql/prelude.sql's. Filters that select no game are an error,
// selection.ErrNoGames. The Gin statements read Gin games only; the
// hearts-* ones read the Hearts games through selection's Hearts sel_games
// and sql/hearts-prelude.sql (sel_checks, sel_hands, sel_seats,
// sel_cards, sel_plays, sel_deviations) with the same filters (GameOf,
// ForGame).
//
// The named queries and the prelude are written in the SQL that DuckDB,
// Spark SQL and Trino share: they join the dimensions cards, sides and
// relations instead of using enum codes. A Source runs them over a ginlog
// database, whose ENUMs give the dimensions (sql/dims-database.sql), or
// over a Parquet dataset opened by package dataset, whose cards and enums
// tables do (sql/dims-dataset.sql); Statement prints one for another
// engine (see docs/dataset.md).
//
// Run returns a named query's table; a query that returns cases and
// opportunities columns gets the rate, its 95% Wilson interval, and a note
// on rows whose sample is below the minimum. The typed readers
// (CardValues, Summary, DrawTendency, KnockProfile, MeldLoss, Verdicts,
// RunningScores) return Go values instead, for the report and the card
// grid; selection.GameIDs lists the selected games. Unverified counts the
// selected games not verified yet, which the queries that read verify's
// results (Query.ReadsVerify) leave out.
package queries

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/big"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/ginlog/ginlog/internal/suggest"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/stats"
)

//go:embed sql/named/*.sql
var files embed.FS

// Query is a named query.
type Query struct {
	Name        string
	Game        string // the kind of games it reads: "gin", or "hearts" for the hearts-* queries
	Description string
	// Rate says what the query's cases and opportunities count ("games
	// won, of games"), empty for a query without them.
	Rate string
	// Columns explains the query's columns, as its comment lines do.
	Columns string
	SQL     string
}

// All returns the named queries in a fixed order: summary first, then by
// name.
func All() []Query {
	names, _ := fs.Glob(files, "sql/named/*.sql")
	var out []Query
	for _, n := range names {
		b, _ := files.ReadFile(n)
		text := string(b)
		name := strings.TrimSuffix(path.Base(n), ".sql")
		q := Query{Name: name, Game: GameOf(name), SQL: text}
		q.Description, q.Rate, q.Columns = header(text)
		out = append(out, q)
	}
	order := append([]string{"summary", "draw-tendency", "knock-profile", "discards", "card-values", "meld-loss", "pace"}, heartsOrder...)
	slices.SortFunc(out, func(a, b Query) int {
		ia, ib := slices.Index(order, a.Name), slices.Index(order, b.Name)
		if ia < 0 {
			ia = len(order)
		}
		if ib < 0 {
			ib = len(order)
		}
		if ia != ib {
			return ia - ib
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// header reads a named query's leading comment lines: the description on
// the first, the rate on a "rate:" line, and the columns' explanation, its
// lines joined.
func header(text string) (desc, rate, columns string) {
	var cols []string
	for i, line := range strings.Split(text, "\n") {
		body, ok := strings.CutPrefix(line, "--")
		if !ok {
			break
		}
		body = strings.TrimSpace(body)
		switch {
		case i == 0:
			_, desc, _ = strings.Cut(body, ": ")
		case strings.HasPrefix(body, "rate: "):
			rate = strings.TrimSuffix(strings.TrimPrefix(body, "rate: "), ".")
		default:
			cols = append(cols, body)
		}
	}
	return desc, rate, strings.Join(cols, " ")
}

// ErrNoQuery reports a name that is no named query.
var ErrNoQuery = errors.New("no query")

// Get returns the named query, or an error wrapping ErrNoQuery that
// suggests the names close to name, or else lists them all.
func Get(name string) (Query, error) {
	var names []string
	for _, q := range All() {
		if q.Name == name {
			return q, nil
		}
		names = append(names, q.Name)
	}
	if near := suggest.Near(name, names); len(near) > 0 {
		return Query{}, fmt.Errorf("%w %q: did you mean %s? (ginlog query --list lists all %d)", ErrNoQuery, name, strings.Join(near, " or "), len(names))
	}
	return Query{}, fmt.Errorf("%w %q: try %s", ErrNoQuery, name, strings.Join(names, ", "))
}

// Result is a query's table: column names and rows of values (string,
// int64, float64, bool, nil, or a list of them: []any).
type Result struct {
	Columns []string
	Rows    [][]any
	Seconds float64
}

// Run runs a named query with the filters and adds rates and intervals.
// Filters that select no game give an error wrapping selection.ErrNoGames
// (or replay.ErrNoGame when f.Game names no game).
func Run(ctx context.Context, db *sql.DB, q Query, f selection.Filters) (*Result, error) {
	return run(ctx, Source{DB: db}, q, f)
}

// run runs a named query over src.
func run(ctx context.Context, src Source, q Query, f selection.Filters) (*Result, error) {
	start := time.Now()
	rows, f, err := query(ctx, src, q.Name, q.SQL, f)
	if err != nil {
		return nil, err
	}
	res, err := Collect(rows)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.Name, err)
	}
	res.Seconds = time.Since(start).Seconds()
	res.addRates(f.MinSample)
	return res, nil
}

// Collect reads every row of rows, closing it.
func Collect(rows *sql.Rows) (*Result, error) {
	cols, err := rows.Columns()
	if err != nil {
		rows.Close()
		return nil, err
	}
	res := &Result{Columns: cols}
	err = Stream(rows, func(row []any) error {
		res.Rows = append(res.Rows, append([]any(nil), row...))
		return nil
	})
	return res, err
}

// Stream calls fn with each row of rows, its values mapped as Collect maps
// them, and closes rows. The row slice is reused: fn must copy what it
// keeps. It stops at the first error of fn.
func Stream(rows *sql.Rows, fn func(row []any) error) error {
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		for i, v := range vals {
			vals[i] = normalize(v)
		}
		if err := fn(vals); err != nil {
			return err
		}
	}
	return rows.Err()
}

// normalize maps driver values to the few types the renderers know.
func normalize(v any) any {
	switch x := v.(type) {
	case nil, string, bool, float64, int64:
		return x
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int:
		return int64(x)
	case uint8:
		return int64(x)
	case uint16:
		return int64(x)
	case uint32:
		return int64(x)
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x)
		}
		return fmt.Sprint(x)
	case float32:
		return float64(x)
	case time.Time:
		return x.UTC().Format(time.RFC3339)
	case []byte:
		return string(x)
	case []any: // a LIST, such as a hand's card[]: a list, never its text
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case *big.Int: // HUGEINT, as sum() of integers returns
		if x.IsInt64() {
			return x.Int64()
		}
		return x.String()
	default:
		return fmt.Sprint(x)
	}
}

// addRates inserts rate, ci_low and ci_high after the opportunities
// column, and a note column, when the result has cases and opportunities.
func (r *Result) addRates(minSample int) {
	ci, oi := slices.Index(r.Columns, "cases"), slices.Index(r.Columns, "opportunities")
	if ci < 0 || oi < 0 {
		return
	}
	cols := slices.Clone(r.Columns[:oi+1])
	cols = append(cols, "rate", "ci_low", "ci_high")
	cols = append(cols, r.Columns[oi+1:]...)
	r.Columns = append(cols, "note")
	for i, row := range r.Rows {
		cases, _ := row[ci].(int64)
		opps, _ := row[oi].(int64)
		var rate, lo, hi any
		if opps > 0 {
			l, h := stats.Wilson(int(cases), int(opps))
			rate, lo, hi = float64(cases)/float64(opps), l, h
		}
		note := any(nil)
		if opps < int64(minSample) {
			note = "small sample"
		}
		out := slices.Clone(row[:oi+1])
		out = append(out, rate, lo, hi)
		out = append(out, row[oi+1:]...)
		r.Rows[i] = append(out, note)
	}
}
