package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

func newSQLCmd(a *app) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "sql QUERY",
		Short: "Run read-only SQL on the database",
		Long: `Sql runs any read-only SQL statement on the database and prints the result.
The database is opened read-only with access to other files disabled: a
statement cannot write, ATTACH another database, COPY ... TO a file, or
read files outside the database. The tables are described in
docs/schema.md.`,
		Example: `  ginlog sql "SELECT game_id, log_ts, you_total, opp_total FROM games"
  ginlog sql "SELECT code, count(*) FROM violations GROUP BY code" --format csv
  ginlog sql "SELECT top, avg(from_discard::INT) FROM play_features WHERE actor = 'opp' GROUP BY top ORDER BY 2 DESC"`,
		Args: argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := render.ParseFormat(format)
			if err != nil {
				return usagef("--format: %v", err)
			}
			return runSQL(cmd.Context(), a, args[0], f)
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	return cmd
}

func runSQL(ctx context.Context, a *app, query string, format render.Format) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return sqlError(err)
	}
	res, err := queries.Collect(rows)
	if err != nil {
		return sqlError(err)
	}
	return render.Write(a.out, format, resultTable(res), a.isTerminal(a.out))
}

// sqlError explains the errors of the read-only sandbox.
func sqlError(err error) error {
	msg := err.Error()
	if strings.Contains(msg, "read-only") || strings.Contains(msg, "disabled by configuration") ||
		strings.Contains(msg, "disabled through configuration") || strings.Contains(msg, "configuration has been locked") {
		return &usageError{err: fmt.Errorf("ginlog sql is read-only and cannot touch other files: %w", err)}
	}
	return fmt.Errorf("sql: %w", err)
}
