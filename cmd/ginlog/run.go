package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/ginlog/ginlog/schema"
)

// Exit codes, listed in the root command's help.
const (
	exitOK          = 0
	exitError       = 1   // a fatal error: I/O, database, internal
	exitUsage       = 2   // a bad flag, argument or input given on the command line
	exitRejected    = 3   // the command ran, but some input was rejected or failed a check
	exitLocked      = 4   // the database is held by another process
	exitInterrupted = 130 // interrupted by a signal
)

const exitCodesHelp = `Exit codes:
  0    success
  1    fatal error (I/O, database, internal)
  2    usage error: bad flag, argument or command-line input
  3    partial success: some input was rejected or failed a check
  4    the database is locked by another process
  130  interrupted`

// usageError is a mistake on the command line. flag marks a flag-parsing
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

// rejectedError reports a run that did its work but rejected some input or
// found problems; the details were already printed.
type rejectedError struct{ msg string }

func (e *rejectedError) Error() string { return e.msg }

// run executes the command line and returns the exit code. It is main
// without the process: tests call it with their own streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	a := &app{in: stdin, out: stdout, err: stderr, getenv: os.Getenv}
	return a.execute(ctx, args)
}

// execute runs the command tree on args and maps the outcome to an exit code
// in one place.
func (a *app) execute(ctx context.Context, args []string) int {
	root := newRootCmd(a)
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(a.err, "ginlog: %v\n", err)
	var ue *usageError
	var re *rejectedError
	var le *schema.LockedError
	switch {
	case errors.As(err, &ue):
		if ue.flag && cmd != nil {
			fmt.Fprint(a.err, "\n"+cmd.UsageString())
		}
		return exitUsage
	case errors.As(err, &re):
		return exitRejected
	case errors.As(err, &le):
		return exitLocked
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	}
	return exitError
}
