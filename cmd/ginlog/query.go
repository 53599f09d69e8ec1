package main

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

type queryOptions struct {
	name    string
	list    bool
	filters queries.Filters
	format  render.Format
	grid    bool
	metric  queries.CardMetric
}

func newQueryCmd(a *app) *cobra.Command {
	var (
		opts           queryOptions
		ff             filterFlags
		format, metric string
	)
	var names []string
	for _, q := range queries.All() {
		names = append(names, fmt.Sprintf("  %-14s %s", q.Name, q.Description))
	}
	cmd := &cobra.Command{
		Use:   "query NAME",
		Short: "Run a named query: opponent tendencies, card values, ...",
		Long: `Query runs one of the named queries on the games the filters select.
summary and pace read the logs themselves, so they count every selected
game; the other queries read what verify derived from the replay, so they
count the verified games only (a game verify has not seen yet adds nothing
to them; one with violations counts, and ginlog games shows the verdicts).
ginlog ingest verifies the games it loads. Every rate is given as cases out
of opportunities with its 95% Wilson interval; rows with fewer
opportunities than --min-sample are noted, not hidden. Games logged by the
other player of a game already loaded are counted once. Exit status 5
means the filters select no games (or --game names none).

Queries:
` + strings.Join(names, "\n"),
		Example: `  ginlog query --list
  ginlog query draw-tendency --opponent bot7
  ginlog query card-values --grid --metric taken --who both
  ginlog query summary --since 2020-11-07 --format json`,
		Args: argsRange(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = render.ParseFormat(format); err != nil {
				return usagef("--format: %v", err)
			}
			if opts.list {
				return writeQueryList(a, opts.format)
			}
			if len(args) != 1 {
				return usagef("query needs a NAME (see ginlog query --list)")
			}
			opts.name = args[0]
			if _, err := queries.Get(opts.name); err != nil {
				return err
			}
			if opts.filters, err = ff.parse(); err != nil {
				return err
			}
			if opts.grid && opts.name != "card-values" {
				return usagef("--grid is for card-values")
			}
			if opts.metric, err = queries.ParseCardMetric(metric); err != nil {
				return usagef("--metric: %v", err)
			}
			return runQuery(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.list, "list", false, "list the queries")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	cmd.Flags().BoolVar(&opts.grid, "grid", false, "card-values as a 4x13 grid (suits by ranks)")
	cmd.Flags().StringVar(&metric, "metric", string(queries.MetricTaken), "the card-values grid metric: "+metricNames())
	ff.register(cmd)
	return cmd
}

func writeQueryList(a *app, format render.Format) error {
	t := &render.Table{Columns: render.Cols("name", "description")}
	for _, q := range queries.All() {
		t.Append(q.Name, q.Description)
	}
	return render.Write(a.out, format, t, a.isTerminal(a.out))
}

func runQuery(ctx context.Context, a *app, opts queryOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	var t *render.Table
	if opts.grid {
		values, err := queries.CardValues(ctx, db.DB, opts.filters)
		if err != nil {
			return err
		}
		t = gridTable(queries.CardGrid(&values, opts.metric), opts.metric)
	} else {
		q, err := queries.Get(opts.name)
		if err != nil {
			return err
		}
		res, err := queries.Run(ctx, db.DB, q, opts.filters)
		if err != nil {
			return err
		}
		t = resultTable(res)
	}
	return render.Write(a.out, opts.format, t, a.isTerminal(a.out))
}

// metricNames lists the card metrics for the help text.
func metricNames() string {
	names := make([]string, len(queries.CardMetrics))
	for i, m := range queries.CardMetrics {
		names[i] = string(m)
	}
	return strings.Join(names, ", ")
}

// resultTable turns a query result into a table, rates with three decimals.
func resultTable(res *queries.Result) *render.Table {
	t := &render.Table{Rows: res.Rows}
	for _, c := range res.Columns {
		t.Columns = append(t.Columns, render.Column{Name: c})
	}
	return t
}

// gridTable draws a card grid of one metric: a row per suit, a column per
// rank; a value without data is an empty cell.
func gridTable(g [gin.NumSuits][gin.NumRanks]float64, metric queries.CardMetric) *render.Table {
	t := &render.Table{Columns: []render.Column{{Name: string(metric)}}}
	for r := range gin.Rank(gin.NumRanks) {
		t.Columns = append(t.Columns, render.Column{Name: r.String(), Format: "%.2f"})
	}
	for s := range gin.Suit(gin.NumSuits) {
		row := []any{s.String()}
		for _, v := range g[s] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				row = append(row, nil)
			} else {
				row = append(row, v)
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
