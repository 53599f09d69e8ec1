package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/schema"
)

// dbPath returns the database file: --db, else GINLOG_DB, else the default
// in the working directory. It is only ever a path: schema refuses one the
// driver would read options from.
func (a *app) dbPath() string {
	if a.dbFlag != "" {
		return a.dbFlag
	}
	if p := a.getenv("GINLOG_DB"); p != "" {
		return p
	}
	return schema.DefaultPath
}

// openDB opens the database for writing, migrating it if needed. An
// in-memory database is allowed, with a warning that nothing will persist.
func (a *app) openDB(ctx context.Context) (*schema.DB, error) {
	if err := a.takeLimits(a.limits, false); err != nil {
		return nil, err
	}
	path := a.dbPath()
	if path == schema.MemoryPath {
		fmt.Fprintf(a.err, "ginlog: the database is %s: nothing is kept after this command ends\n", schema.MemoryPath)
	}
	return dbError(schema.OpenWith(ctx, path, a.limits))
}

// openReadOnly opens the database for queries.
func (a *app) openReadOnly(ctx context.Context) (*schema.DB, error) {
	if err := a.takeLimits(a.limits, false); err != nil {
		return nil, err
	}
	return dbError(schema.OpenReadOnlyWith(ctx, a.dbPath(), a.limits))
}

// openSandbox opens the database for ginlog sql, with its limits: its own
// memory limit, and --threads unless opts names a number.
func (a *app) openSandbox(ctx context.Context, opts schema.ReadOnlyOptions) (*schema.DB, error) {
	if opts.Threads == 0 {
		opts.Threads = a.limits.Threads
	}
	if err := a.takeLimits(opts, true); err != nil {
		return nil, err
	}
	return dbError(schema.OpenReadOnlyWith(ctx, a.dbPath(), opts))
}

// takeLimits is what a command does before it opens the database with
// limits: it reports a value of GINLOG_THREADS or GINLOG_MEMORY_LIMIT the
// limits cannot take (limitsError; ownMemoryLimit for sql's own), then
// holds the Go heap to them (limitGoHeap).
func (a *app) takeLimits(limits schema.Limits, ownMemoryLimit bool) error {
	if err := a.limitsError(ownMemoryLimit); err != nil {
		return err
	}
	a.limitGoHeap(limits)
	return nil
}

// limitGoHeap holds the Go heap to the soft limit that goes with DuckDB's
// memory limit (schema.Limits.GoHeapLimit), so that the two together keep
// a command's resident memory bounded, unless GOMEMLIMIT sets the Go
// runtime's own. A limit DuckDB cannot take changes nothing: opening the
// database reports it.
func (a *app) limitGoHeap(limits schema.Limits) {
	if a.setMemoryLimit == nil || a.getenv("GOMEMLIMIT") != "" {
		return
	}
	if n, err := limits.GoHeapLimit(); err == nil {
		a.setMemoryLimit(n)
	}
}

// dbError makes a database path that cannot be a database (or has a link
// or pipe where its write-ahead log goes), and limits
// DuckDB cannot take, usage errors: they came from --db or GINLOG_DB,
// --memory-limit or --threads.
func dbError(db *schema.DB, err error) (*schema.DB, error) {
	if errors.Is(err, schema.ErrPathOptions) || errors.Is(err, schema.ErrBadLimit) || errors.Is(err, schema.ErrNotRegular) {
		return nil, &usageError{err: err}
	}
	return db, err
}

// outError makes a refusal to write over what is not a regular file, or
// into what is not a folder, a usage error of the flag that named it.
func outError(flag string, err error) error {
	if errors.Is(err, safefile.ErrNotRegular) || errors.Is(err, safefile.ErrNotFolder) {
		return &usageError{err: fmt.Errorf("%s: %w", flag, err)}
	}
	return err
}
