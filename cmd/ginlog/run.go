package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/cli"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/spf13/cobra"
)

// Exit codes, listed in the root command's help.
const (
	exitOK          = cli.ExitOK
	exitError       = cli.ExitError       // a fatal error: I/O, database
	exitUsage       = cli.ExitUsage       // a bad flag, argument or input given on the command line
	exitRejected    = 3                   // the command ran, but some input was rejected or failed a check
	exitLocked      = 4                   // the database is held by another process
	exitNoMatch     = 5                   // nothing matched: no such game, the filters select no games, or no database yet
	exitInternal    = cli.ExitInternal    // a bug: a panic, reported with its stack
	exitInterrupted = cli.ExitInterrupted // interrupted by a signal
)

const exitCodesHelp = `Exit codes:
  0    success
  1    fatal error (I/O, database)
  2    usage error: bad flag, argument or command-line input
  3    partial success: some input was rejected or failed a check
  4    the database is locked by another process
  5    nothing matched: no such game, the filters select no games, or no
       database yet
  70   internal error, a bug: please report it with the stack printed
  130  interrupted`

// usageError is a mistake on the command line, reported on one line.
type usageError struct {
	err error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return &usageError{err: fmt.Errorf(format, args...)}
}

// rejectedError reports a run that did its work but rejected some input or
// found problems; the details were already printed.
type rejectedError struct{ msg string }

func (e *rejectedError) Error() string { return e.msg }

// run executes the command line and returns the exit code. It is main
// without the process: tests call it with their own streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a := &app{in: stdin, out: stdout, err: stderr, getenv: os.Getenv, setMemoryLimit: debug.SetMemoryLimit}
	return a.execute(ctx, args)
}

// execute runs the command tree on args and returns the exit code.
func (a *app) execute(ctx context.Context, args []string) int {
	return a.executeTree(ctx, newRootCmd(a), args)
}

// executeTree runs the command tree root on args and maps the outcome to
// an exit code, in one place (cli.Execute and exitCode).
func (a *app) executeTree(ctx context.Context, root *cobra.Command, args []string) int {
	return cli.Execute(ctx, root, args, a.err, "ginlog", exitCode)
}

// exitCode maps the errors ginlog's commands return to their exit codes.
func exitCode(_ *cobra.Command, err error) (int, bool) {
	var ue *usageError
	var re *rejectedError
	var le *schema.LockedError
	switch {
	case errors.As(err, &ue):
		return exitUsage, true
	case errors.Is(err, selection.ErrBadFilter), errors.Is(err, queries.ErrNoQuery), errors.Is(err, ingest.ErrNoSuchPath):
		return exitUsage, true
	case errors.As(err, &re):
		return exitRejected, true
	case errors.As(err, &le):
		return exitLocked, true
	case errors.Is(err, replay.ErrNoGame), errors.Is(err, selection.ErrNoGames), errors.Is(err, schema.ErrNoDatabase):
		return exitNoMatch, true
	case errors.Is(err, dataset.ErrDamaged):
		return exitError, true // the dataset's files are not those its manifest lists
	}
	return 0, false
}
