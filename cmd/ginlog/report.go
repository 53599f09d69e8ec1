package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/report"
	"github.com/spf13/cobra"
)

type reportOptions struct {
	opts report.Options
	out  string
}

func newReportCmd(a *app) *cobra.Command {
	var (
		opts reportOptions
		ff   filterFlags
	)
	cmd := &cobra.Command{
		Use:   "report",
		Short: "Write a self-contained HTML report with charts",
		Long: `Report writes one HTML file that opens anywhere without a network: a
summary of the games and of the chosen player's most telling tendencies,
then charts drawn as inline SVG: 52-card heat maps (face-up cards taken,
cards melded at the end, the holder's points), face-up take rates by rank
and by relation to the hand with their 95% intervals and sample sizes, the
deadwood and timing of knocks, the running score of a game (--game) or of
the last games, and the verify verdicts with the points lost to weak meld
declarations. Each chart says how to read it and lists its data.

It takes the same filters as ginlog query and, like it, counts every
selected game in the summary and the running scores, and the verified games
only in what comes from the replay (the tendencies, heat maps, knocks and
verdicts); ginlog ingest verifies the games it loads. Exit status 5 means
the filters select no games (or --game names none).`,
		Example: `  ginlog report --out report.html
  ginlog report --opponent bot7 --since 2020-11-01 --out bot7.html
  ginlog report --who you --game 12 --out game12.html`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.opts.Filters, err = ff.parse(); err != nil {
				return err
			}
			opts.opts.Game = opts.opts.Filters.Game
			return runReport(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.out, "out", "report.html", "the HTML file to write (- for standard output)")
	cmd.Flags().IntVar(&opts.opts.Recent, "recent", 3, "how many recent games to chart the score of, without --game")
	ff.register(cmd)
	return cmd
}

func runReport(ctx context.Context, a *app, opts reportOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	if opts.out == "-" {
		return report.Write(ctx, db.DB, opts.opts, a.out)
	}
	err = safefile.Write(opts.out, 0o644, func(w io.Writer) error { return report.Write(ctx, db.DB, opts.opts, w) })
	if err != nil {
		return outError("--out", err)
	}
	fmt.Fprintf(a.err, "wrote %s in %.2f s\n", opts.out, time.Since(start).Seconds())
	return nil
}
