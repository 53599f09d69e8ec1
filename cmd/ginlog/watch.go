package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/logfile"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/watch"
	"github.com/spf13/cobra"
)

func newWatchCmd(a *app) *cobra.Command {
	opts := watch.Options{Interval: watch.DefaultInterval, Settle: watch.DefaultSettle}
	cmd := &cobra.Command{
		Use:   "watch DIR...",
		Short: "Keep importing the logs that arrive in folders",
		Long: `Watch keeps importing the logs that arrive in the folders given (and their
subfolders), such as a browser's downloads folder, until it is stopped with
Ctrl-C or SIGTERM (exit status 0; 130 when that stops an import, and it
says how many games were loaded, each Gin game verified as it loaded, and
how many are left to verify).

It rescans the folders every --interval. A game is imported once both its
files are there (a browser's renamed second downloads, 1604731633 (1).csv,
included) and neither has changed, nor been empty, for --settle; a .zip
archive once it has not changed for --settle. What is ready at one scan is
one import, as ginlog ingest makes it: games already loaded are duplicates
and change nothing, defects are printed on stderr, and every game not
verified yet is verified. Each import is one line on stdout. A file
waiting for its partner is said once on stderr.

The database is open only while an import runs, so that the other commands
can read it in between; while another process holds it, watch says so and
waits. Stopped or killed at any point, watch finishes the job when it
starts again.

--move-to DIR moves the files of each import there once it is done (those
of rejected games stay in place, and are tried again only if they change),
under their path in the watched folder, with a copy number when the name is
taken. DIR may not be inside a watched folder.`,
		Example: `  ginlog watch ~/Downloads --opponent bot7
  ginlog watch ~/Downloads --move-to ~/ginlog-logs
  ginlog watch logs/ --interval 10s --settle 5s`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("watch needs at least one folder")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, label := range []struct{ flag, value string }{{"--source", opts.Ingest.Source}, {"--opponent", opts.Ingest.Opponent}} {
				if err := checkLabel(label.flag, label.value); err != nil {
					return err
				}
			}
			if opts.Interval <= 0 || opts.Settle <= 0 {
				return usagef("--interval and --settle must be more than 0")
			}
			opts.Dirs = args
			return runWatch(cmd.Context(), a, opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Ingest.Opponent, "opponent", "", "tag the games imported with the opponent's name")
	f.StringVar(&opts.Ingest.Source, "source", "", "tag the games imported with a source label")
	a.completeTags(cmd)
	f.StringVar(&opts.MoveTo, "move-to", "", "move the files of each import to this folder, outside the watched ones")
	f.DurationVar(&opts.Interval, "interval", watch.DefaultInterval, "time between two scans of the folders")
	f.DurationVar(&opts.Settle, "settle", watch.DefaultSettle, "how long a file must stay unchanged before it is read")
	return cmd
}

func runWatch(ctx context.Context, a *app, opts watch.Options) error {
	opts.DBPath = a.dbPath()
	if opts.DBPath == schema.MemoryPath {
		return usagef("watch needs a database file: one in memory would keep nothing")
	}
	if err := a.takeLimits(a.limits, false); err != nil {
		return err
	}
	if err := a.limits.Check(); err != nil {
		return &usageError{err: err}
	}
	opts.Limits = a.limits
	opts.Out, opts.Err = a.out, a.err
	opts.Ingest.OnError = func(e *logfile.FileError) { fmt.Fprintln(a.err, e) }
	w, err := watch.New(opts)
	if errors.Is(err, watch.ErrNotFolder) || errors.Is(err, watch.ErrMoveInside) || errors.Is(err, safefile.ErrNotFolder) {
		return &usageError{err: err}
	}
	if err != nil {
		return err
	}
	return w.Run(ctx)
}
