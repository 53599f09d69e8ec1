// Package cli runs a cobra command tree and turns its outcome into a
// process exit code, in one place for every program of the module: a
// panic, in the command or captured in one of its goroutines
// (panics.Error), is an internal error whose stack goes to stderr; an
// interruption is 130; any other error is printed on one line as
// "PROGRAM: message" and mapped by the program's own classification, or
// to 1.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/ginlog/ginlog/internal/panics"
	"github.com/spf13/cobra"
)

// The exit codes every program shares; a program adds its own between
// ExitUsage and ExitInternal.
const (
	ExitOK          = 0
	ExitError       = 1   // a fatal error
	ExitUsage       = 2   // a bad flag or argument
	ExitInternal    = 70  // a bug: a panic, reported with its stack
	ExitInterrupted = 130 // interrupted by a signal
)

// Classify maps an error a command returned to an exit code; ok is false
// for an error it does not know, which is then an interruption or a fatal
// error. cmd is the command that ran (nil if none was found).
type Classify func(cmd *cobra.Command, err error) (code int, ok bool)

// Execute runs root on args under ctx and returns the exit code. Errors
// and panics are reported on stderr, prefixed with program.
func Execute(ctx context.Context, root *cobra.Command, args []string, stderr io.Writer, program string, classify Classify) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = internal(stderr, program, r, debug.Stack())
		}
	}()
	root.SetArgs(args)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return ExitOK
	}
	var pe *panics.Error
	if errors.As(err, &pe) {
		return internal(stderr, program, pe.Value, pe.Stack)
	}
	fmt.Fprintf(stderr, "%s: %v\n", program, err)
	if code, ok := classify(cmd, err); ok {
		return code
	}
	if errors.Is(err, context.Canceled) {
		return ExitInterrupted
	}
	return ExitError
}

// internal reports a panic with its stack and returns the exit code of a
// bug.
func internal(stderr io.Writer, program string, value any, stack []byte) int {
	fmt.Fprintf(stderr, "%s: internal error, a bug: %v\nplease report it with this stack:\n%s", program, value, stack)
	return ExitInternal
}
