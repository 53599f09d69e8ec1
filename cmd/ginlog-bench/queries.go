package main

import (
	"context"
	"fmt"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

type queriesOptions struct {
	bench  benchFlags
	games  int
	format render.Format
	game   string
}

func newQueriesCmd(a *app) *cobra.Command {
	var (
		opts   queriesOptions
		format string
	)
	cmd := &cobra.Command{
		Use:   "queries",
		Short: "Time every named query on a large simulated corpus",
		Long: `Queries builds a verified database of --games simulated games (kept in --work
for the next run), then runs every named query three times with the
default filters and reports the best time of each, beside the time DuckDB
takes for a plain full scan of play_features (count and one sum): the
floor any query over the plays pays.

--game hearts times the named Hearts queries instead, on a verified
database of --games simulated Hearts games (about 9.5 hands each: 106,000
games make a million hands), beside a full scan of hearts_plays.`,
		Example: `  ginlog-bench queries --games 100000 --work /tmp/bench
  ginlog-bench queries --game hearts --games 106000 --work /tmp/bench`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = render.ParseFormat(format); err != nil {
				return usagef("--format: %v", err)
			}
			if opts.games < 1 {
				return usagef("--games: want at least 1, got %d", opts.games)
			}
			if opts.game != "gin" && opts.game != "hearts" {
				return usagef("--game: want gin or hearts, got %q", opts.game)
			}
			return runQueries(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.game, "game", "gin", "the queries: gin or hearts")
	cmd.Flags().IntVar(&opts.games, "games", 100000, "corpus size in games")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	opts.bench.register(cmd)
	return cmd
}

func runQueries(ctx context.Context, a *app, opts queriesOptions) error {
	var res *bench.QueriesResult
	err := opts.bench.withConfig(a.err, func(c *bench.Config) error {
		var err error
		if opts.game == "hearts" {
			res, err = c.HeartsQueries(ctx, opts.games)
		} else {
			res, err = c.Queries(ctx, opts.games)
		}
		return err
	})
	if err != nil {
		return err
	}
	t := &render.Table{Columns: []render.Column{{Name: "query"}, {Name: "rows"}, {Name: "seconds", Format: "%.3f"}, {Name: "x full scan", Format: "%.1f"}}}
	if opts.game == "hearts" {
		t.Columns = append(t.Columns, render.Column{Name: "CPU s", Format: "%.3f"}, render.Column{Name: "CPU x full scan", Format: "%.1f"})
		t.Append("(full scan of hearts_plays)", 1, res.Scan, 1.0, res.ScanCPU, 1.0)
		for _, q := range res.Queries {
			t.Append(q.Name, q.Rows, q.Seconds, q.Seconds/res.Scan, q.CPU, q.CPU/max(res.ScanCPU, 1e-9))
		}
		if _, err := fmt.Fprintf(a.out, "%d Hearts games, %d hands, %d cards\n", res.Games, res.Hands, res.Plays); err != nil {
			return err
		}
		return render.Write(a.out, opts.format, t, tableLayout(a.out))
	}
	t.Append("(full scan of play_features)", 1, res.Scan, 1.0)
	for _, q := range res.Queries {
		t.Append(q.Name, q.Rows, q.Seconds, q.Seconds/res.Scan)
	}
	if _, err := fmt.Fprintf(a.out, "%d games, %d plays\n", res.Games, res.Plays); err != nil {
		return err
	}
	return render.Write(a.out, opts.format, t, tableLayout(a.out))
}
