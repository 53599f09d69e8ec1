package main

import (
	"context"
	"fmt"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

type exportOptions struct {
	bench  benchFlags
	games  int
	format render.Format
}

func newExportCmd(a *app) *cobra.Command {
	var (
		opts   exportOptions
		format string
	)
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Time export-data and the named queries over its dataset",
		Long: `Export builds a verified database of --games simulated games (kept in --work
for the next run), exports it into a new Parquet dataset as ginlog
export-data does, runs the export again (nothing new), and times DuckDB's
own EXPORT DATABASE to Parquet of the same database as the reference. Then
it runs every named query three times over the database and over the
dataset, with the default filters, and reports the best time of each.`,
		Example: `  ginlog-bench export --games 100000 --work /tmp/bench`,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = render.ParseFormat(format); err != nil {
				return usagef("--format: %v", err)
			}
			if opts.games < 1 {
				return usagef("--games: want at least 1, got %d", opts.games)
			}
			return runExport(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.games, "games", 100000, "corpus size in games")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	opts.bench.register(cmd)
	return cmd
}

func runExport(ctx context.Context, a *app, opts exportOptions) error {
	var res *bench.ExportResult
	err := opts.bench.withConfig(a.err, func(c *bench.Config) error {
		var err error
		res, err = c.Export(ctx, opts.games)
		return err
	})
	if err != nil {
		return err
	}
	mib := func(n int64) float64 { return float64(n) / (1 << 20) }
	if _, err := fmt.Fprintf(a.out, `%d games, %d plays; database %.1f MiB
export-data: %.2f s (%.2f CPU s), %d files, %.1f MiB; again (nothing new): %.2f s
EXPORT DATABASE (FORMAT parquet, ZSTD), the reference: %.2f s (%.2f CPU s), %.1f MiB
export-data / reference: %.2fx the time, %.2fx the CPU time
`, res.Games, res.Plays, mib(res.DatabaseBytes), res.Seconds, res.CPU, res.Files, mib(res.Bytes), res.Again,
		res.Reference, res.ReferenceCPU, mib(res.ReferenceByte), res.Seconds/res.Reference, res.CPU/res.ReferenceCPU); err != nil {
		return err
	}
	t := &render.Table{Columns: []render.Column{{Name: "query"}, {Name: "rows"}, {Name: "database s", Format: "%.3f"},
		{Name: "dataset s", Format: "%.3f"}, {Name: "database CPU s", Format: "%.3f"}, {Name: "dataset CPU s", Format: "%.3f"},
		{Name: "dataset / database (CPU)", Format: "%.2f"}}}
	for _, q := range res.Queries {
		t.Append(q.Name, q.Rows, q.Database, q.Dataset, q.DatabaseCPU, q.DatasetCPU, q.DatasetCPU/q.DatabaseCPU)
	}
	return render.Write(a.out, opts.format, t, tableLayout(a.out))
}
