package schema

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
)

// Limits bound what DuckDB may use for an open database: the memory of its
// buffer manager (past it, DuckDB spills to a temporary folder or fails
// with an out-of-memory error) and its worker threads. The zero value
// means the defaults, which keep a command's peak resident memory under
// 1 GiB however many games the database holds.
type Limits struct {
	// MemoryLimit is DuckDB's memory_limit, a number and a unit ("512MB",
	// "2GiB"); empty means DefaultMemoryLimit.
	MemoryLimit string
	// Threads is DuckDB's threads; 0 means DefaultThreads.
	Threads int
}

// ReadOnlyOptions limit a read-only database.
type ReadOnlyOptions = Limits

// DefaultMemoryLimit is DuckDB's memory_limit unless Limits names another.
// DuckDB's own default, 80% of the machine's memory, lets its cache of
// the blocks it has read and written grow with the database: measured at
// 4.7 KB of resident memory per game ingested. On 100,000 games (ginlog
// verify --all, ginlog report), 256 MiB instead of 512 MiB lowered the
// peak resident memory from 779 to 601 MB and from 731 to 381 MB for the
// same CPU time, and the named queries took the same CPU time.
const DefaultMemoryLimit = "256MiB"

// DefaultThreads is DuckDB's threads unless Limits names another: 0 keeps
// DuckDB's default, one per core.
const DefaultThreads = 0

// MaxThreads is the most threads Limits accepts.
const MaxThreads = 256

// memoryLimitForm is the form of a memory limit: a number and a unit
// DuckDB reads.
var memoryLimitForm = regexp.MustCompile(`^(?i)[0-9]+(\.[0-9]+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$`)

// ErrBadLimit is wrapped by the error of a limit DuckDB cannot take (a
// *LimitError).
var ErrBadLimit = errors.New("bad limit")

// LimitError is a limit DuckDB cannot take, named by its flag.
type LimitError struct {
	Flag string // "memory-limit" or "threads"
	Err  error
}

func (e *LimitError) Error() string { return fmt.Sprintf("--%s: %v", e.Flag, e.Err) }

// Unwrap returns the reason.
func (e *LimitError) Unwrap() error { return e.Err }

// Is reports whether target is ErrBadLimit.
func (e *LimitError) Is(target error) bool { return target == ErrBadLimit }

// Check returns a *LimitError for a memory limit DuckDB would not read or
// a thread count out of range.
func (l Limits) Check() error {
	if l.MemoryLimit != "" && !memoryLimitForm.MatchString(l.MemoryLimit) {
		return &LimitError{"memory-limit", fmt.Errorf("want a size such as 512MB or 2GB, got %q", l.MemoryLimit)}
	}
	if l.Threads < 0 || l.Threads > MaxThreads {
		return &LimitError{"threads", fmt.Errorf("want 0 (one per core) to %d, got %d", MaxThreads, l.Threads)}
	}
	return nil
}

// set adds the limits to the options of a data source name.
func (l Limits) set(q url.Values) error {
	if err := l.Check(); err != nil {
		return err
	}
	limit := l.MemoryLimit
	if limit == "" {
		limit = DefaultMemoryLimit
	}
	q.Set("memory_limit", limit)
	threads := l.Threads
	if threads == 0 {
		threads = DefaultThreads
	}
	if threads > 0 {
		q.Set("threads", strconv.Itoa(threads))
	}
	return nil
}
