package main

import (
	"io"
	"os"

	"github.com/ginlog/ginlog/schema"
	"golang.org/x/term"
)

// app holds what every command shares: the injected streams and
// environment. Commands write only to a.out and a.err.
type app struct {
	in       io.Reader
	out, err io.Writer
	getenv   func(string) string
	// terminal, when set, overrides the check of whether a stream is a
	// terminal (tests use it to render the terminal form).
	terminal func(w io.Writer) bool
	// interactive, when set, overrides the check of whether a.in is a
	// terminal (tests answer rm's question through it).
	interactive func() bool
	// dbFlag is the root's --db flag.
	dbFlag string
	// limits are the root's --memory-limit and --threads flags, or what
	// GINLOG_MEMORY_LIMIT and GINLOG_THREADS set (resolveLimits).
	limits schema.Limits
	// threadsEnvErr and memoryEnvErr report a value of GINLOG_THREADS or
	// GINLOG_MEMORY_LIMIT the limits cannot take (limitsError).
	threadsEnvErr, memoryEnvErr error
	// output is how the command run writes its tables (resolveOutput).
	output output
	// setMemoryLimit, when set, is runtime/debug.SetMemoryLimit: opening
	// the database holds the Go heap to the limit that goes with DuckDB's
	// (limitGoHeap). Tests leave it nil, so that the test binary keeps
	// its own.
	setMemoryLimit func(int64) int64
}

// isTerminal reports whether w is an interactive terminal: progress is
// shown only there, and tables are aligned there unless --format says.
func (a *app) isTerminal(w io.Writer) bool {
	if a.terminal != nil {
		return a.terminal(w)
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// inputIsTerminal reports whether a.in is an interactive terminal: only
// there does a command ask a question.
func (a *app) inputIsTerminal() bool {
	if a.interactive != nil {
		return a.interactive()
	}
	f, ok := a.in.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
