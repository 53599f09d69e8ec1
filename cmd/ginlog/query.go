package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"math"

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
	metric  string
}

// filterFlags holds the raw filter flags shared by query and report.
type filterFlags struct {
	who, opponent, source, since, until string
	game                                int64
	minSample                           int
}

func (ff *filterFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&ff.who, "who", "opp", "whose plays: opp, you or both")
	f.StringVar(&ff.opponent, "opponent", "", "only games tagged with this opponent (ingest --opponent)")
	f.StringVar(&ff.source, "source", "", "only games tagged with this source (ingest --source)")
	f.StringVar(&ff.since, "since", "", "only games logged at or after this date (2020-11-07, RFC 3339, or Unix seconds)")
	f.StringVar(&ff.until, "until", "", "only games logged before this date")
	f.Int64Var(&ff.game, "game", 0, "only this game")
	f.IntVar(&ff.minSample, "min-sample", 10, "note rows with fewer opportunities as small samples (they are kept)")
}

func (ff *filterFlags) parse() (queries.Filters, error) {
	f := queries.Filters{Who: ff.who, Opponent: ff.opponent, Source: ff.source, Game: ff.game, MinSample: ff.minSample}
	if f.Who != "opp" && f.Who != "you" && f.Who != "both" {
		return f, usagef("--who: want opp, you or both, got %q", f.Who)
	}
	var err error
	if f.Since, err = parseWhen(ff.since); err != nil {
		return f, usagef("--since: %v", err)
	}
	if f.Until, err = parseWhen(ff.until); err != nil {
		return f, usagef("--until: %v", err)
	}
	return f, nil
}

// parseWhen reads a date, an RFC 3339 time or Unix seconds; "" is 0.
func parseWhen(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, nil
	}
	for _, layout := range []string{"2006-01-02", time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Unix(), nil
		}
	}
	return 0, fmt.Errorf("%q is not a date (2020-11-07), an RFC 3339 time or Unix seconds", s)
}

// gridMetrics are the card-values columns --grid can show, as rates.
var gridMetrics = []string{"held", "melded", "taken", "discarded", "holder_points"}

func newQueryCmd(a *app) *cobra.Command {
	var (
		opts   queryOptions
		ff     filterFlags
		format string
	)
	var names []string
	for _, q := range queries.All() {
		names = append(names, fmt.Sprintf("  %-14s %s", q.Name, q.Description))
	}
	cmd := &cobra.Command{
		Use:   "query NAME",
		Short: "Run a named query: opponent tendencies, card values, ...",
		Long: `Query runs one of the named queries on the verified games. Every rate is
given as cases out of opportunities with its 95% Wilson interval; rows with
fewer opportunities than --min-sample are noted, not hidden. Games logged
by the other player of a game already loaded are counted once.

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
				return usagef("%v", err)
			}
			if opts.filters, err = ff.parse(); err != nil {
				return err
			}
			if opts.grid && opts.name != "card-values" {
				return usagef("--grid is for card-values")
			}
			if !slices.Contains(gridMetrics, opts.metric) {
				return usagef("--metric: want one of %s", strings.Join(gridMetrics, ", "))
			}
			return runQuery(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.list, "list", false, "list the queries")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	cmd.Flags().BoolVar(&opts.grid, "grid", false, "card-values as a 4x13 grid (suits by ranks)")
	cmd.Flags().StringVar(&opts.metric, "metric", "taken", "the card-values grid metric: "+strings.Join(gridMetrics, ", "))
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
	q, _ := queries.Get(opts.name)
	res, err := queries.Run(ctx, db.DB, q, opts.filters)
	if err != nil {
		return err
	}
	t := resultTable(res)
	if opts.grid {
		t = cardGrid(res, opts.metric)
	}
	return render.Write(a.out, opts.format, t, a.isTerminal(a.out))
}

// resultTable turns a query result into a table, rates with three decimals.
func resultTable(res *queries.Result) *render.Table {
	t := &render.Table{Rows: res.Rows}
	for _, c := range res.Columns {
		t.Columns = append(t.Columns, render.Column{Name: c})
	}
	return t
}

// cardGrid pivots card-values into suits by ranks for one metric: a share
// of rounds (held, melded), of offers (taken) or a count (discarded), or
// the holder's mean points.
func cardGrid(res *queries.Result, metric string) *render.Table {
	col := func(name string) int { return slices.Index(res.Columns, name) }
	t := &render.Table{Columns: []render.Column{{Name: metric}}}
	for _, r := range []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"} {
		t.Columns = append(t.Columns, render.Column{Name: r, Format: "%.2f"})
	}
	for s, suit := range []string{"S", "C", "D", "H"} {
		row := []any{suit}
		for r := 0; r < 13; r++ {
			cells := res.Rows[s*13+r]
			num := func(name string) float64 {
				switch v := cells[col(name)].(type) {
				case int64:
					return float64(v)
				case float64:
					return v
				}
				return math.NaN()
			}
			var v float64
			switch metric {
			case "held":
				v = num("cases") / num("opportunities")
			case "melded":
				v = num("melded") / num("opportunities")
			case "taken":
				v = num("taken") / num("offered")
			case "discarded":
				v = num("discarded")
			case "holder_points":
				v = num("holder_points")
			}
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
