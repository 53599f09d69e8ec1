package schema

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
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

// AllocatorFlushThreshold is DuckDB's allocator_flush_threshold: a thread
// that allocated more than this in a task hands what it freed back to the
// allocator when the task ends, and DuckDB's allocator threads return it
// to the system (allocator_background_threads). DuckDB's default, 128
// MiB, left up to that much freed memory cached by each thread outside
// the memory limit: at 300,000 games the peak resident memory of an
// import and verify was 30 to 80 MiB lower with 16 MiB.
const AllocatorFlushThreshold = "16MiB"

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
	q.Set("allocator_flush_threshold", AllocatorFlushThreshold)
	q.Set("allocator_background_threads", "true")
	threads := l.Threads
	if threads == 0 {
		threads = DefaultThreads
	}
	if threads > 0 {
		q.Set("threads", strconv.Itoa(threads))
	}
	return nil
}

// units are the multipliers of the units of a memory limit, as DuckDB
// reads them: KB, MB, ... in powers of 1000, KiB, MiB, ... of 1024.
var units = map[string]float64{
	"b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
}

// MemoryLimitBytes is the memory limit DuckDB is given (DefaultMemoryLimit
// when the field is empty), in bytes.
func (l Limits) MemoryLimitBytes() (int64, error) {
	if err := l.Check(); err != nil {
		return 0, err
	}
	limit := l.MemoryLimit
	if limit == "" {
		limit = DefaultMemoryLimit
	}
	i := strings.IndexFunc(limit, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	n, err := strconv.ParseFloat(limit[:i], 64)
	if err != nil {
		return 0, &LimitError{"memory-limit", fmt.Errorf("want a size such as 512MB or 2GB, got %q", l.MemoryLimit)}
	}
	return int64(n * units[strings.ToLower(strings.TrimSpace(limit[i:]))]), nil
}

// GoHeapShare is the part of DuckDB's memory limit the Go heap is held to
// (GoHeapLimit): DuckDB's buffer manager keeps to its limit, but what it
// allocates past it (appenders' chunks, threads' state, the allocator's
// slack) and what the Go runtime keeps of a heap that doubles between
// collections are not counted in it. Measured at 100,000 to 1,000,000 games
// with the default limit (256 MiB), the Go heap without a limit of its own
// reached 200 to 260 MiB, a third of the peak resident memory of ingest
// and verify. The import and verify of a million games (docs/performance.md,
// "Peak memory") peaked at 708 MiB for 851.6 CPU s with the Go heap held
// to half of it (at least 192 MiB), at 733 MiB for 845.9 with all of it,
// and at 880 MiB for 773.4 without a limit: held to as much as DuckDB's,
// the Go heap saves about 150 MiB for some 9% more CPU time. (The CPU time
// of those runs was not the collector's: a later one of this setting took
// 678.1 CPU s, at a peak of 668 MiB.)
const GoHeapShare = 1

// MinGoHeapLimit is the least GoHeapLimit gives: below it, the live heap
// of an import or a verify at a million games (120 to 160 MiB: the
// duplicate index, a flat folder's listing, the batches in flight) keeps
// the collector running. Held to 128 MiB, an import and verify of a
// million games ran a hundred thousand collections, 12% of the CPU.
const MinGoHeapLimit = 256 << 20

// GoHeapLimit is the soft limit for the Go runtime's memory that goes with
// DuckDB's memory limit (runtime/debug.SetMemoryLimit): a GoHeapShare-th
// of it, and at least MinGoHeapLimit, so that Go and DuckDB together stay
// within about twice DuckDB's limit. The collector works harder only as the
// heap nears it.
func (l Limits) GoHeapLimit() (int64, error) {
	n, err := l.MemoryLimitBytes()
	if err != nil {
		return 0, err
	}
	return max(n/GoHeapShare, MinGoHeapLimit), nil
}
