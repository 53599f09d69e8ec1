package main

import (
	"context"
	"fmt"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/spf13/cobra"
)

type verifyOptions struct {
	bench benchFlags
	games int
}

func newVerifyCmd(a *app) *cobra.Command {
	var opts verifyOptions
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Time the replay of a simulated corpus",
		Long: `Verify simulates a corpus (meldable against memory unless --players), ingests
it without verifying, then times ginlog's verify over all of it: reading the
plays, replaying every round, explaining every score, deriving the
features, and storing the results. It reports the time and the process's
CPU time (every thread, user and system), which a shared machine distorts
less.`,
		Example: `  ginlog-bench verify --games 20000`,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.games < 1 {
				return usagef("--games: want at least 1, got %d", opts.games)
			}
			return runVerify(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().IntVar(&opts.games, "games", 20000, "corpus size in games")
	opts.bench.register(cmd)
	return cmd
}

func runVerify(ctx context.Context, a *app, opts verifyOptions) error {
	return opts.bench.withConfig(a.err, func(c *bench.Config) error {
		s, err := c.Verify(ctx, opts.games)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(a.out, "verified %d games (%d rounds) in %.2f s (%.2f CPU s): %.0f games/s; %d violations\n",
			s.Games, s.RoundCount(), s.Seconds, s.CPUSeconds, s.GamesPerS, s.ViolationCount())
		return err
	})
}
