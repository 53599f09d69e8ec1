package main

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/internal/sandbox"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/schema"
	"github.com/spf13/cobra"
)

type sqlOptions struct {
	query       string
	format      render.Format
	timeout     time.Duration
	memoryLimit string
	maxRows     int64
}

// memoryLimit is the form of --memory-limit: a number and a unit DuckDB
// reads.
var memoryLimit = regexp.MustCompile(`^(?i)[0-9]+(\.[0-9]+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$`)

func newSQLCmd(a *app) *cobra.Command {
	var (
		opts   sqlOptions
		format string
	)
	cmd := &cobra.Command{
		Use:   "sql QUERY",
		Short: "Run read-only SQL on the database",
		Long: `Sql runs one SELECT statement on the database and prints the result as it
comes, without holding it in memory (an aligned table is drawn a page of
1,000 rows at a time, fitted to the width on its first page). SHOW,
DESCRIBE, SUMMARIZE and FROM-first queries are SELECTs. The tables are described in docs/schema.md, and in the
database itself: duckdb_tables() and duckdb_columns() give each table's and
column's comment.

The database is opened read-only with access to other files disabled and
the configuration locked, and the statement is checked before it runs:
writes, COPY, EXPORT, ATTACH, INSTALL, LOAD, SET, PRAGMA, CALL, CHECKPOINT,
several statements at once, table functions other than generators and
descriptions of the database (range, unnest, duckdb_tables,
pragma_table_info, ...), and files named as tables are refused (exit 2).
The statement stops after --timeout, and DuckDB spills what exceeds
--memory-limit to a temporary folder of its own, removed at the end. The
DuckDB driver holds a whole result before it returns the first row, so the
statement runs under LIMIT --max-rows + 1: a longer result is cut, with a
message and exit status 3.`,
		Example: `  ginlog sql "SELECT game_id, log_ts, you_total, opp_total FROM games"
  ginlog sql "SELECT code, count(*) FROM violations GROUP BY code" --format csv
  ginlog sql "SELECT top, avg(from_discard::INT) FROM play_features WHERE actor = 'opp' GROUP BY top ORDER BY 2 DESC"
  ginlog sql "SELECT * FROM pragma_table_info('plays')"
  ginlog sql "SELECT column_name, comment FROM duckdb_columns() WHERE table_name = 'play_features'"`,
		Args: argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format); err != nil {
				return err
			}
			if opts.timeout < 0 {
				return usagef("--timeout: want a duration of 0 (no limit) or more, got %v", opts.timeout)
			}
			if opts.maxRows < 0 {
				return usagef("--max-rows: want 0 (no limit) or more, got %d", opts.maxRows)
			}
			if !memoryLimit.MatchString(opts.memoryLimit) {
				return usagef("--memory-limit: want a size such as 512MB or 2GB, got %q", opts.memoryLimit)
			}
			opts.query = args[0]
			return runSQL(cmd.Context(), a, opts)
		},
	}
	formatFlag(cmd, &format, "output format")
	columnsFlag(cmd)
	cmd.Flags().DurationVar(&opts.timeout, "timeout", 60*time.Second, "stop the statement after this long (0: no limit)")
	cmd.Flags().StringVar(&opts.memoryLimit, "memory-limit", "1GB", "DuckDB's memory limit for the statement (it spills the rest to disk)")
	cmd.Flags().Int64VarP(&opts.maxRows, "max-rows", "n", 1000000, "the most rows shown; a longer result is cut (0: no limit)")
	return cmd
}

func runSQL(ctx context.Context, a *app, opts sqlOptions) error {
	db, err := a.openSandbox(ctx, schema.ReadOnlyOptions{MemoryLimit: opts.memoryLimit})
	if err != nil {
		return err
	}
	defer db.Close()
	// --timeout is the statement's: it starts once the database is open.
	if opts.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.timeout)
		defer cancel()
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// --timeout bounds the statement (its check and its run), not the
	// opening of the database.
	if opts.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.timeout)
		defer cancel()
	}
	if err := sandbox.Check(ctx, conn, opts.query); err != nil {
		return sqlError(ctx, opts, err)
	}
	query := opts.query
	if opts.maxRows > 0 {
		// The statement as a subquery under LIMIT, checked again as it runs.
		query = sandbox.Limit(opts.query, opts.maxRows+1)
		if err := sandbox.Check(ctx, conn, query); err != nil {
			return sqlError(ctx, opts, err)
		}
	}
	rows, err := conn.QueryContext(ctx, query)
	if err != nil {
		return sqlError(ctx, opts, err)
	}
	cols, err := rows.Columns()
	if err != nil {
		rows.Close()
		return sqlError(ctx, opts, err)
	}
	w, err := render.NewRowWriter(a.out, opts.format, render.Cols(cols...), a.layout(a.out))
	if err != nil {
		rows.Close()
		return columnsError(err)
	}
	var n int64
	errCut := errors.New("cut")
	err = queries.Stream(rows, func(row []any) error {
		if n++; opts.maxRows > 0 && n > opts.maxRows {
			return errCut
		}
		return w.Write(row)
	})
	if err != nil && err != errCut {
		return sqlError(ctx, opts, err)
	}
	if err := w.Close(); err != nil {
		return err
	}
	if err == errCut {
		return &rejectedError{fmt.Sprintf("the result has more than %d rows: the first %d are shown (--max-rows)", opts.maxRows, opts.maxRows)}
	}
	return nil
}

// sqlError explains why a statement was refused or stopped. A refusal of
// the sandbox, a file access DuckDB denies, and a statement that does not
// parse or bind are usage errors; a timeout or memory exhaustion says
// which flag to raise.
func sqlError(ctx context.Context, opts sqlOptions, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("sql: the statement ran longer than --timeout %v", opts.timeout)
	}
	var refusal *sandbox.Refusal
	if errors.As(err, &refusal) {
		return &usageError{err: refusal}
	}
	var de *duckdb.Error
	if errors.As(err, &de) {
		switch de.Type {
		case duckdb.ErrorTypePermission:
			return &usageError{err: fmt.Errorf("ginlog sql is read-only and cannot touch other files: %w", err)}
		case duckdb.ErrorTypeParser, duckdb.ErrorTypeSyntax, duckdb.ErrorTypeBinder, duckdb.ErrorTypeCatalog:
			return &usageError{err: fmt.Errorf("sql: %w", err)}
		case duckdb.ErrorTypeOutOfMemory:
			return fmt.Errorf("sql: the statement needs more than --memory-limit %s: %w", opts.memoryLimit, err)
		}
	}
	return fmt.Errorf("sql: %w", err)
}
