package main

import (
	"context"
	"fmt"
	"os"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/spf13/cobra"
)

type corpusOptions struct {
	bench benchFlags
	games int
	first int
	out   string
}

func newCorpusCmd(a *app) *cobra.Command {
	var opts corpusOptions
	cmd := &cobra.Command{
		Use:   "corpus",
		Short: "Write the scale measurement's logs into a folder",
		Long: `Corpus writes the logs of --games games into --out (created; it must not
exist or be empty) as the scale measurement writes each step's games: a
24th of them simulated (meldable against memory unless --players), each
written in its 24 orders of the suits. The games are numbered from --first:
game i is named after the timestamp 1600000000+first+i and the simulation
is seeded by --first, so that a corpus numbered past the games of a
database holds none of them (the scale measurement numbers its games from
0). It measures nothing: it makes the logs of a measurement run by hand,
such as one import of many games under /usr/bin/time.`,
		Example: `  ginlog-bench corpus --games 100000 --first 1000000 --out /tmp/logs-100k`,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case opts.games < 1:
				return usagef("--games: want at least 1, got %d", opts.games)
			case opts.first < 0:
				return usagef("--first: want 0 or more, got %d", opts.first)
			case opts.out == "":
				return usagef("--out DIR is required")
			}
			return runCorpus(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.games, "games", 100000, "how many games to write")
	cmd.Flags().IntVar(&opts.first, "first", 0, "the number of the first game")
	cmd.Flags().StringVar(&opts.out, "out", "", "the folder to write the logs into")
	opts.bench.register(cmd)
	return cmd
}

func runCorpus(ctx context.Context, a *app, opts corpusOptions) error {
	if err := os.MkdirAll(opts.out, 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	entries, err := os.ReadDir(opts.out)
	if err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	if len(entries) > 0 {
		return usagef("--out: %s is not empty", opts.out)
	}
	return opts.bench.withConfig(a.err, func(c *bench.Config) error {
		if err := c.WriteSuited(ctx, opts.out, opts.first, opts.games); err != nil {
			return err
		}
		_, err := fmt.Fprintf(a.out, "wrote %d games into %s\n", opts.games, opts.out)
		return err
	})
}
