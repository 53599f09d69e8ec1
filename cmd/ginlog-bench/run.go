package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/ginlog/ginlog/internal/cli"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// Exit codes, listed in the root command's help.
const (
	exitOK          = cli.ExitOK
	exitError       = cli.ExitError       // a measurement failed
	exitUsage       = cli.ExitUsage       // a bad flag or argument
	exitInternal    = cli.ExitInternal    // a bug: a panic
	exitInterrupted = cli.ExitInterrupted // interrupted by a signal
)

const exitCodesHelp = `Exit codes:
  0    success
  1    a measurement failed
  2    usage error: bad flag or argument
  70   internal error, a bug: please report it with the stack printed
  130  interrupted`

// usageError is a mistake on the command line; flag marks a flag-parsing
// error, the only kind that prints the usage text.
type usageError struct {
	err  error
	flag bool
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return &usageError{err: fmt.Errorf(format, args...)}
}

// app holds what every command shares.
type app struct {
	out, err io.Writer
	// self returns the path of this program, which ingest runs once per
	// engine and corpus.
	self func() (string, error)
}

// isTerminal reports whether w is an interactive terminal: tables are drawn
// only there.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// tableLayout lays a table written to w out as ginlog's tables are by
// default: aligned on a terminal, tab-separated rows when piped.
func tableLayout(w io.Writer) render.Layout {
	if isTerminal(w) {
		return render.Terminal
	}
	return render.Piped
}

// run executes the command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a := &app{out: stdout, err: stderr, self: os.Executable}
	return a.execute(ctx, newRootCmd(a), args)
}

// execute runs the command tree root on args and maps the outcome to an
// exit code in one place (cli.Execute and exitCode).
func (a *app) execute(ctx context.Context, root *cobra.Command, args []string) int {
	return cli.Execute(ctx, root, args, a.err, "ginlog-bench", a.exitCode)
}

// exitCode maps a usage error to its exit code, printing the usage text
// after a flag error.
func (a *app) exitCode(cmd *cobra.Command, err error) (int, bool) {
	var ue *usageError
	if !errors.As(err, &ue) {
		return 0, false
	}
	if ue.flag && cmd != nil {
		fmt.Fprint(a.err, "\n"+cmd.UsageString())
	}
	return exitUsage, true
}
