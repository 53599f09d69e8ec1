package main

import (
	"runtime/debug"

	"github.com/ginlog/ginlog/schema"
	"github.com/spf13/cobra"
)

// newRootCmd builds the command tree.
func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "ginlog",
		Short: "Analytics for Gin Rummy tournament logs",
		Long: `ginlog imports the logs a Gin Rummy tournament server gives its players
(<timestamp>.csv turn files and <timestamp>-score.csv score files) into an
embedded DuckDB database, replays every game through the rules engine,
answers questions about how opponents play (as tables or an HTML report),
and fits weights from them for a bot: exported to Haskell or Go, and played
by ginlog's own tuned player in the simulator.

` + exitCodesHelp,
		Example: `  ginlog ingest ~/Downloads/logs.zip --opponent bot7
  ginlog melds "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3"
  ginlog completion bash > /etc/bash_completion.d/ginlog`,
		Version:       version(),
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
	root.PersistentFlags().StringVar(&a.dbFlag, "db", "", "database file (default $GINLOG_DB, else ./"+schema.DefaultPath+")")
	root.PersistentFlags().StringVar(&a.limits.MemoryLimit, "memory-limit", schema.DefaultMemoryLimit, "DuckDB's memory limit (it spills past it to a temporary folder)")
	root.PersistentFlags().IntVar(&a.limits.Threads, "threads", schema.DefaultThreads, "DuckDB's worker threads (0: one per core)")
	root.SetIn(a.in)
	root.SetOut(a.out)
	root.SetErr(a.err)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &usageError{err: err, flag: true}
	})
	root.AddCommand(
		newMeldsCmd(a),
		newSimulateCmd(a),
		newIngestCmd(a),
		newVerifyCmd(a),
		newGamesCmd(a),
		newOpponentsCmd(a), newSourcesCmd(a), newTagCmd(a), newRmCmd(a), newWatchCmd(a),
		newShowCmd(a),
		newQueryCmd(a),
		newSQLCmd(a),
		newFitCmd(a),
		newExportCmd(a),
		newReportCmd(a),
		newBridgeCmd(a),
		newRetraceCmd(a),
		newExportDataCmd(a),
	)
	initHelpCommands(root)
	return root
}

// version returns the module version the binary was built from.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
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
