package main

import (
	"fmt"
	"runtime/debug"
	"strings"

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

` + shortFlagsHelp + `

` + exitCodesHelp,
		Example: `  ginlog ingest ~/Downloads/logs.zip --opponent bot7
  ginlog melds "S4 C4 D4 H4 S5 C5 D5 S6 C2 S3 C3"
  ginlog completion bash > /etc/bash_completion.d/ginlog`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          subcommandArgs,
		// Every command's limits, --format and --columns are read in one
		// place.
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			a.resolveLimits(cmd)
			return a.resolveOutput(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	root.PersistentFlags().StringVar(&a.dbFlag, "db", "", "database file (default $GINLOG_DB, else ./"+schema.DefaultPath+")")
	root.PersistentFlags().StringVar(&a.limits.MemoryLimit, "memory-limit", "", "DuckDB's memory limit, past which it spills to a temporary folder (default $"+memoryLimitEnv+", else "+schema.DefaultMemoryLimit+")")
	root.PersistentFlags().IntVar(&a.limits.Threads, "threads", schema.DefaultThreads, "DuckDB's worker threads, 0 for one per core (default $"+threadsEnv+", else 0)")
	root.SetIn(a.in)
	root.SetOut(a.out)
	root.SetErr(a.err)
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(
		newMeldsCmd(a),
		newSimulateCmd(a),
		newIngestCmd(a),
		newVerifyCmd(a),
		newGamesCmd(a),
		newOpponentsCmd(a), newSourcesCmd(a), newPlayersCmd(a), newTagCmd(a), newRmCmd(a), newWatchCmd(a),
		newShowCmd(a),
		newQueryCmd(a),
		newSQLCmd(a),
		newFitCmd(a),
		newExportCmd(a),
		newReportCmd(a),
		newBridgeCmd(a),
		newRetraceCmd(a),
		newReviewCmd(a),
		newExportDataCmd(a),
	)
	initHelpCommands(root)
	return root
}

// version returns the module version the binary was built from, with
// the VCS revision and time when the build recorded them.
func version() string {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(bi)
}

// versionOf describes a build: "v1.2.0", or "devel (revision 1a2b3c4d5e6f,
// modified, 2026-11-23T15:04:05Z)" for a build of a checkout whose files
// differ from the revision. go install module@version records the
// version; go build in a checkout records the revision.
func versionOf(bi *debug.BuildInfo) string {
	if bi == nil {
		return "devel"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var revision, modified, at string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		case "vcs.time":
			at = s.Value
		}
	}
	if revision == "" {
		return v
	}
	const short = 12
	if len(revision) > short {
		revision = revision[:short]
	}
	parts := []string{"revision " + revision}
	if modified == "true" {
		parts = append(parts, "modified")
	}
	if at != "" {
		parts = append(parts, at)
	}
	return v + " (" + strings.Join(parts, ", ") + ")"
}

// argsRange accepts lo to hi arguments, and reports another count as a
// usage error in the form of the flags' errors: "melds: want 1 to 11
// arguments, got 0; see ginlog melds --help".
func argsRange(lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		n := len(args)
		if n >= lo && n <= hi {
			return nil
		}
		var want string
		switch {
		case hi == 0:
			return usagef("%s: takes no arguments, got %q; see %s --help", cmd.Name(), args[0], cmd.CommandPath())
		case lo == hi:
			want = plural(lo, "argument")
		default:
			want = fmt.Sprintf("%d to %s", lo, plural(hi, "argument"))
		}
		return usagef("%s: want %s, got %d; see %s --help", cmd.Name(), want, n, cmd.CommandPath())
	}
}
