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

	"github.com/ginlog/ginlog/internal/panics"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// Exit codes, listed in the root command's help.
const (
	exitOK          = 0
	exitError       = 1   // a measurement failed
	exitUsage       = 2   // a bad flag or argument
	exitInternal    = 70  // a bug: a panic
	exitInterrupted = 130 // interrupted by a signal
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

// run executes the command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a := &app{out: stdout, err: stderr, self: os.Executable}
	return a.execute(ctx, newRootCmd(a), args)
}

// execute runs the command tree root on args and maps the outcome to an
// exit code in one place; a panic is an internal error.
func (a *app) execute(ctx context.Context, root *cobra.Command, args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = a.internal(r, debug.Stack())
		}
	}()
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	var pe *panics.Error
	if errors.As(err, &pe) {
		return a.internal(pe.Value, pe.Stack)
	}
	fmt.Fprintf(a.err, "ginlog-bench: %v\n", err)
	var ue *usageError
	switch {
	case errors.As(err, &ue):
		if ue.flag && cmd != nil {
			fmt.Fprint(a.err, "\n"+cmd.UsageString())
		}
		return exitUsage
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	}
	return exitError
}

// internal reports a panic with its stack.
func (a *app) internal(value any, stack []byte) int {
	fmt.Fprintf(a.err, "ginlog-bench: internal error, a bug: %v\nplease report it with this stack:\n%s", value, stack)
	return exitInternal
}
