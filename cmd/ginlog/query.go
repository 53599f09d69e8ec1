package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/dialect"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

type queryOptions struct {
	name     string
	list     bool
	describe bool
	filters  selection.Filters
	format   render.Format
	grid     bool
	metric   queries.CardMetric
	data     string          // --data: read this dataset instead of the database
	hashes   bool            // --check-hashes: check the dataset's files' SHA-256 too
	dialect  dialect.Dialect // --dialect, with --print-sql
	printSQL bool
}

func newQueryCmd(a *app) *cobra.Command {
	var (
		opts                   queryOptions
		ff                     filterFlags
		format, metric, engine string
	)
	cmd := &cobra.Command{
		Use:               "query NAME",
		Short:             "Run a named query: opponent tendencies, card values, ...",
		Long:              queryLong + queryNameList(),
		Example:           queryExample,
		Args:              argsRange(0, 1),
		ValidArgsFunction: queryNameCompletion,
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format); err != nil {
				return err
			}
			if opts.list {
				return writeQueryList(a, opts.format)
			}
			if len(args) != 1 {
				return usagef("query needs a NAME (see ginlog query --list)")
			}
			opts.name = args[0]
			q, err := queries.Get(opts.name)
			if err != nil {
				return err
			}
			if opts.describe {
				_, err := fmt.Fprint(a.out, describeQuery(q))
				return err
			}
			if err := opts.parseFlags(cmd, q, &ff, metric, engine); err != nil {
				return err
			}
			if opts.printSQL {
				return printQuerySQL(a, opts)
			}
			return runQuery(cmd.Context(), a, opts)
		},
	}
	addQueryFlags(a, cmd, &opts, &ff, &format, &metric, &engine)
	setQueryHelp(cmd)
	return cmd
}

// queryLong is the start of query's long help; queryNameList ends it.
const queryLong = `Query runs one of the named queries on the games the filters select.
summary and pace read the logs themselves, so they count every selected
game; the other queries read what verify derived from the replay, so they
count the verified games only (a game verify has not seen yet adds nothing
to them, and a line on stderr says how many of the selected games are not
verified; one with violations counts, and ginlog games shows the verdicts).
ginlog ingest verifies the games it loads. Every rate is given as cases out
of opportunities with its 95% Wilson interval (rate, ci_low, ci_high);
rows with fewer opportunities than --min-sample are noted, not hidden.
query --list says what each query's cases and opportunities count, and
query NAME --describe (or query NAME --help) explains its columns. Games logged by the
other player of a game already loaded are counted once. Exit status 5
means the filters select no games (or --game-id names none).

--data DIR runs the query over a Parquet dataset that ginlog export-data
wrote, instead of the database: the results are the same. Before it
reads the dataset, query checks every file the manifest lists: its size,
and the rows and columns its Parquet footer gives; --check-hashes also
compares each file's SHA-256 with the manifest's, reading the whole
dataset. A file that differs is named, and nothing is read. --print-sql
prints the query as one statement for an engine reading such a dataset
(--dialect spark, trino or duckdb), with the filters written in, and runs
nothing: register the dataset's tables with the _spark.sql or _trino.sql
it holds, then run the statement there. The statement returns cases and
opportunities; ginlog adds the rates and intervals.

The hearts-* queries read the Hearts games, with the same filters but
--who: their rows are by player (its id, the name of its folder) or seat.
Figures about how a player plays come from the determined hands only,
those in which who played each card is known.

`

// queryExample shows query's common uses.
const queryExample = `  ginlog query --list
  ginlog query draw-tendency --describe
  ginlog query draw-tendency --opponent bot7
  ginlog query card-values --grid --metric taken --who both
  ginlog query summary --since 2020-11-07 --format json
  ginlog query summary --data dataset/
  ginlog query draw-tendency --opponent bot7 --dialect trino --print-sql
  ginlog query hearts-queen --source week3`

// queryNameList lists the named queries of each game, one a line, for the
// long help.
func queryNameList() string {
	var names []string
	for _, game := range []string{queries.GameGin, queries.GameHearts} {
		names = append(names, gameTitles[game]+":")
		for _, q := range queries.ForGame(game) {
			names = append(names, fmt.Sprintf("  %-18s %s", q.Name, q.Description))
		}
	}
	return strings.Join(names, "\n")
}

// parseFlags parses the filters, the metric and the dialect into o, and
// checks that the flags given suit q and go with one another: a flag that
// would do nothing is a usage error.
func (o *queryOptions) parseFlags(cmd *cobra.Command, q queries.Query, ff *filterFlags, metric, engine string) error {
	var err error
	if o.filters, err = ff.parse(); err != nil {
		return err
	}
	changed := cmd.Flags().Changed
	if q.Game == queries.GameHearts && changed("who") {
		return usagef("--who is for the Gin queries: the rows of %s are by player or seat", q.Name)
	}
	if q.Rate == "" && changed("min-sample") {
		return usagef("--min-sample notes the small samples of a rate: %s has none", q.Name)
	}
	if o.grid && o.name != "card-values" {
		return usagef("--grid is for card-values")
	}
	if changed("metric") && !o.grid {
		return usagef("--metric chooses the value --grid shows: give --grid with it")
	}
	if err := oneOf("--metric", "metric", metric, metricList()...); err != nil {
		return err
	}
	if o.metric, err = queries.ParseCardMetric(metric); err != nil {
		return usagef("--metric: %v", err)
	}
	if o.hashes && o.data == "" {
		return usagef("--check-hashes checks the files of a dataset: give --data with it")
	}
	if changed("dialect") != o.printSQL {
		return usagef("--dialect and --print-sql go together")
	}
	if o.printSQL {
		if err := oneOf("--dialect", "dialect", engine, dialectNames()...); err != nil {
			return err
		}
		if o.dialect, err = dialect.Parse(engine); err != nil {
			return usagef("--dialect: %v", err)
		}
		if o.grid || o.data != "" || changed("columns") {
			return usagef("--print-sql prints the query's statement: not with --grid, --data or --columns")
		}
	}
	return nil
}

// addQueryFlags registers query's flags: those of opts, the filters, and
// the format, metric and dialect as given, which RunE parses.
func addQueryFlags(a *app, cmd *cobra.Command, opts *queryOptions, ff *filterFlags, format, metric, engine *string) {
	cmd.Flags().BoolVar(&opts.list, "list", false, "list the queries, with what their cases and opportunities count")
	cmd.Flags().BoolVar(&opts.describe, "describe", false, "explain the query's columns instead of running it")
	formatFlag(cmd, format, "output format")
	columnsFlag(cmd)
	cmd.Flags().BoolVar(&opts.grid, "grid", false, "card-values as a 4x13 grid (suits by ranks)")
	cmd.Flags().StringVar(metric, "metric", string(queries.MetricTaken), "with --grid: the value shown, "+metricNames())
	mustComplete(cmd, "metric", fixedCompletion(metricList()...))
	cmd.Flags().StringVar(&opts.data, "data", "", "read the Parquet dataset in this folder (ginlog export-data) instead of the database")
	cmd.Flags().BoolVar(&opts.hashes, "check-hashes", false, "with --data: check each file's SHA-256 against the manifest too (reads the whole dataset)")
	cmd.Flags().StringVar(engine, "dialect", "", "with --print-sql: the engine, spark, trino or duckdb")
	mustComplete(cmd, "dialect", fixedCompletion(dialectNames()...))
	cmd.Flags().BoolVar(&opts.printSQL, "print-sql", false, "print the query for an engine reading a dataset (--dialect) instead of running it")
	ff.register(a, cmd, filterWho|filterMinSample)
}

// setQueryHelp makes query NAME --help explain the query's columns before
// the command's help.
func setQueryHelp(cmd *cobra.Command) {
	help := cmd.HelpFunc()
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		for _, arg := range args {
			if q, err := queries.Get(arg); err == nil {
				fmt.Fprintln(c.OutOrStdout(), describeQuery(q))
				break
			}
		}
		help(c, args)
	})
}

// gameTitles names the kinds of game for the query list.
var gameTitles = map[string]string{queries.GameGin: "Gin Rummy", queries.GameHearts: "Hearts"}

func writeQueryList(a *app, format render.Format) error {
	t := &render.Table{Columns: render.Cols("game", "name", "description", "rate: cases, of opportunities")}
	for _, q := range queries.All() {
		var rate any
		if q.Rate != "" {
			rate = q.Rate
		}
		t.Append(q.Game, q.Name, q.Description, rate)
	}
	return a.writeTable(format, t)
}

func runQuery(ctx context.Context, a *app, opts queryOptions) error {
	check := dataset.CheckShape
	if opts.hashes {
		check = dataset.CheckContent
	}
	src, closeSource, err := a.querySource(ctx, opts.data, check)
	if err != nil {
		return err
	}
	defer closeSource()
	t, err := queryTable(ctx, src, opts)
	if err != nil && opts.data != "" {
		return dataset.ReadError(err, check)
	}
	if err != nil {
		return err
	}
	if err := a.writeTable(opts.format, t); err != nil {
		return err
	}
	// A dataset holds verified games only (export-data holds back the
	// rest); a database may hold games verify has not seen, or lost.
	if opts.data != "" {
		return nil
	}
	q, err := queries.Get(opts.name)
	if err != nil || !q.ReadsVerify() {
		return err
	}
	return warnUnverified(ctx, a, src.DB, opts.filters, q.Game)
}

// queryTable runs the query opts name (or its grid) over src.
func queryTable(ctx context.Context, src queries.Source, opts queryOptions) (*render.Table, error) {
	if opts.grid {
		values, err := src.CardValues(ctx, opts.filters)
		if err != nil {
			return nil, err
		}
		return gridTable(queries.CardGrid(&values, opts.metric), opts.metric), nil
	}
	q, err := queries.Get(opts.name)
	if err != nil {
		return nil, err
	}
	res, err := src.Run(ctx, q, opts.filters)
	if err != nil {
		return nil, err
	}
	return resultTable(res), nil
}

// querySource opens what a query reads: the dataset in dir, its files
// checked against its manifest (check), or the database when dir is
// empty.
func (a *app) querySource(ctx context.Context, dir string, check dataset.Check) (queries.Source, func(), error) {
	if dir == "" {
		db, err := a.openReadOnly(ctx)
		if err != nil {
			return queries.Source{}, nil, err
		}
		return queries.Source{DB: db.DB}, func() { db.Close() }, nil
	}
	ds, err := dataset.OpenChecked(ctx, dir, check)
	if errors.Is(err, dataset.ErrNotDataset) || errors.Is(err, dataset.ErrPath) {
		return queries.Source{}, nil, &usageError{err: fmt.Errorf("--data: %w", err)}
	}
	if err != nil {
		return queries.Source{}, nil, err
	}
	return queries.Source{DB: ds.DB, Tables: queries.DatasetTables, NoGames: ds.NoGames}, func() { ds.Close() }, nil
}

// printQuerySQL prints a named query as a statement for an engine.
func printQuerySQL(a *app, opts queryOptions) error {
	q, err := queries.Get(opts.name)
	if err != nil {
		return err
	}
	text, err := queries.Statement(q, opts.filters, opts.dialect)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(a.out, text)
	return err
}

// dialectNames lists the engines --dialect takes.
func dialectNames() []string {
	names := make([]string, len(dialect.All))
	for i, d := range dialect.All {
		names[i] = string(d)
	}
	return names
}

// metricNames lists the card metrics for the help text.
func metricNames() string {
	return strings.Join(metricList(), ", ")
}

// metricList lists the card metrics, the values of --metric.
func metricList() []string {
	names := make([]string, len(queries.CardMetrics))
	for i, m := range queries.CardMetrics {
		names[i] = string(m)
	}
	return names
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
