package main

import (
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/schema"
	"github.com/spf13/cobra"
)

// The environment variables that set the default of the root's limits, as
// GINLOG_DB sets --db's: for a machine shared with other work, or a test
// suite that runs two commands at once on two cores.
const (
	threadsEnv     = "GINLOG_THREADS"
	memoryLimitEnv = "GINLOG_MEMORY_LIMIT"
)

// resolveLimits reads GINLOG_THREADS and GINLOG_MEMORY_LIMIT into the
// limits whose flag was not given: a flag on the command line wins over
// the environment, the environment over the built-in default. A value
// the limits cannot take is kept as a usage error that names the
// variable, for the command to report when it opens the database
// (limitsError): one that opens none, such as help or completion, runs.
func (a *app) resolveLimits(cmd *cobra.Command) {
	a.threadsEnvErr, a.memoryEnvErr = nil, nil
	if v := strings.TrimSpace(a.getenv(threadsEnv)); v != "" && !changed(cmd, "threads") {
		n, err := strconv.Atoi(v)
		if err != nil || (schema.Limits{Threads: n}).Check() != nil {
			a.threadsEnvErr = usagef("%s: want 0 (one per core) to %d threads, got %q", threadsEnv, schema.MaxThreads, v)
		} else {
			a.limits.Threads = n
		}
	}
	if v := strings.TrimSpace(a.getenv(memoryLimitEnv)); v != "" && !changed(cmd, "memory-limit") {
		if (schema.Limits{MemoryLimit: v}).Check() != nil {
			a.memoryEnvErr = usagef("%s: want a size such as 512MB or 2GB, got %q", memoryLimitEnv, v)
		} else {
			a.limits.MemoryLimit = v
		}
	}
}

// limitsError returns the usage error of a limit the environment named
// that cannot be taken, for a command about to open the database:
// GINLOG_THREADS's, then GINLOG_MEMORY_LIMIT's unless the command has a
// memory limit of its own (sql), which the variable does not set.
func (a *app) limitsError(ownMemoryLimit bool) error {
	if a.threadsEnvErr != nil {
		return a.threadsEnvErr
	}
	if !ownMemoryLimit {
		return a.memoryEnvErr
	}
	return nil
}

// changed reports whether the flag name was given on the command line.
func changed(cmd *cobra.Command, name string) bool {
	f := cmd.Flag(name)
	return f != nil && f.Changed
}
