package main

import (
	"github.com/spf13/cobra"
)

// newRootCmd builds the command tree.
func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "ginlog-bench",
		Short: "Measure ginlog against reference implementations",
		Long: `ginlog-bench runs the performance measurements quoted in docs/performance.md,
each against a reference run on the same machine in the same run. The
corpora are simulated games kept in --work (keyed by players and size), so
that the next run measures the same files.

` + exitCodesHelp,
		Example: `  ginlog-bench ingest --sizes 2000,20000
  ginlog-bench verify --games 20000
  ginlog-bench queries --games 100000 --work /tmp/bench`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unknown command %q for %q", args[0], cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	root.SetOut(a.out)
	root.SetErr(a.err)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &usageError{err: err, flag: true}
	})
	root.AddCommand(newIngestCmd(a), newVerifyCmd(a), newQueriesCmd(a), newExportCmd(a), newOneCmd(a), newScaleCmd(a), newCorpusCmd(a), newReviewCmd(a))
	return root
}

// argsRange is cobra.RangeArgs returning a usage error.
func argsRange(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.RangeArgs(lo, hi)(cmd, args); err != nil {
			return &usageError{err: err}
		}
		return nil
	}
}
