package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/schema"
	"github.com/spf13/cobra"
)

type exportDataOptions struct {
	out     string
	rebuild bool
	format  render.Format
}

func newExportDataCmd(a *app) *cobra.Command {
	var (
		opts   exportDataOptions
		format string
	)
	cmd := &cobra.Command{
		Use:   "export-data --out DIR",
		Short: "Write the database as a Parquet dataset for Spark, Trino and other engines",
		Long: `Export-data writes every table of the database into DIR as Apache Parquet
files, partitioned Hive style by source and import month
(TABLE/source=S/import_month=YYYY-MM/part-NNNNN.parquet), with the
dimensions cards and enums, a description of every table and column
(_schema.md), and the statements that register the tables in Spark SQL
(_spark.sql) and in Trino (_trino.sql). The database's ENUMs become plain
strings. Query the dataset with ginlog query --data DIR, or print a named
query for another engine with ginlog query NAME --dialect spark|trino
--print-sql.

An export is incremental: it adds the imports not in DIR yet, one file per
table and partition, and a run with nothing new writes nothing. An import
is added once all its games are verified. If the database changed what an
earlier export wrote (games removed or retagged, verified again with other
results), export-data refuses; --rebuild writes DIR again from the whole
database. DIR must be a dataset or an empty or new folder.`,
		Example: `  ginlog export-data --out dataset/
  ginlog export-data --out dataset/ --format json
  ginlog export-data --out dataset/ --rebuild`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = parseFormat(format, render.Text, render.JSON); err != nil {
				return err
			}
			if opts.out == "" {
				return usagef("export-data needs --out DIR")
			}
			return runExportData(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.out, "out", "o", "", "the dataset's folder (a dataset, or an empty or new folder)")
	f.BoolVar(&opts.rebuild, "rebuild", false, "remove what the dataset holds and write it again from the whole database")
	formatFlag(cmd, &format, "summary format", render.Text, render.JSON)
	return cmd
}

func runExportData(ctx context.Context, a *app, opts exportDataOptions) error {
	sum, err := dataset.Export(ctx, a.dbPath(), opts.out, dataset.Options{Rebuild: opts.rebuild})
	if errors.Is(err, dataset.ErrNotDataset) || errors.Is(err, dataset.ErrPath) {
		return &usageError{err: fmt.Errorf("--out: %w", err)}
	}
	if errors.Is(err, schema.ErrNotRegular) {
		return &usageError{err: err}
	}
	if err != nil {
		return err
	}
	if opts.format == render.JSON {
		return render.WriteJSON(a.out, sum)
	}
	return writeExportSummary(a, sum)
}

// writeExportSummary prints what an export added, table by table, and
// what the dataset holds.
func writeExportSummary(a *app, s *dataset.Summary) error {
	var b strings.Builder
	if s.Export == 0 {
		fmt.Fprintf(&b, "nothing new to export to %s\n", s.Dir)
	} else {
		ids := make([]string, len(s.Imports))
		for i, id := range s.Imports {
			ids[i] = fmt.Sprint(id)
		}
		fmt.Fprintf(&b, "export %d to %s: import %s\n", s.Export, s.Dir, strings.Join(ids, ", "))
		tables := map[string]int{}
		bytes := map[string]int64{}
		for _, f := range s.Files {
			tables[f.Table]++
			bytes[f.Table] += f.Bytes
		}
		var names []string
		for n := range tables {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			fmt.Fprintf(&b, "  %-14s %s, %s, %s\n", n, plural(tables[n], "file"), plural(s.Rows[n], "row"), size(bytes[n]))
		}
		fmt.Fprintf(&b, "wrote %s, %s in %.2f s\n", plural(len(s.Files), "file"), size(s.Bytes), s.Seconds)
	}
	for _, h := range s.Held {
		fmt.Fprintf(&b, "held: import %d, %d of its %s not verified (run ginlog verify; the next export adds it)\n", h.Import, h.Unverified, plural(h.Games, "game"))
	}
	fmt.Fprintf(&b, "dataset: %s, %s, %s\n", plural(s.Total.Files, "file"), plural(s.Total.Rows, "row"), size(s.Total.Bytes))
	_, err := fmt.Fprint(a.out, b.String())
	return err
}

// size renders a byte count.
func size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return plural(n, "byte")
}
