package schema

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestLimitsTakeEffect opens a database for writing and read-only with
// each set of limits and reads DuckDB's settings back.
func TestLimitsTakeEffect(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	w, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name        string
		limits      Limits
		wantLimit   string // as DuckDB shows it
		wantThreads int64  // 0: any
	}{
		{"the defaults", Limits{}, "256.0 MiB", 0},
		{"a limit in MB", Limits{MemoryLimit: "300MB"}, "286.1 MiB", 0},
		{"a limit in GiB", Limits{MemoryLimit: "2GiB"}, "2.0 GiB", 0},
		{"one thread", Limits{Threads: 1}, "256.0 MiB", 1},
		{"three threads", Limits{MemoryLimit: "1GB", Threads: 3}, "953.6 MiB", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, mode := range []string{"write", "read-only"} {
				var db *DB
				var err error
				if mode == "write" {
					db, err = OpenWith(ctx, path, tc.limits)
				} else {
					db, err = OpenReadOnlyWith(ctx, path, tc.limits)
				}
				if err != nil {
					t.Fatalf("%s: %v", mode, err)
				}
				var limit, flush string
				var threads int64
				var background bool
				err = db.QueryRow(`SELECT current_setting('memory_limit'), current_setting('threads'),
					current_setting('allocator_flush_threshold'), current_setting('allocator_background_threads')`).Scan(&limit, &threads, &flush, &background)
				if cerr := db.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					t.Fatalf("%s: %v", mode, err)
				}
				if limit != tc.wantLimit || (tc.wantThreads != 0 && threads != tc.wantThreads) || threads < 1 {
					t.Errorf("%s: memory_limit %s, threads %d; want %s, %d", mode, limit, threads, tc.wantLimit, tc.wantThreads)
				}
				if flush != "16.0 MiB" || !background {
					t.Errorf("%s: allocator_flush_threshold %s, allocator_background_threads %v; want 16.0 MiB, true", mode, flush, background)
				}
			}
		})
	}
}

func TestBadLimits(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	for _, tc := range []struct {
		name   string
		limits Limits
		want   string
	}{
		{"no unit", Limits{MemoryLimit: "512"}, `--memory-limit: want a size such as 512MB or 2GB, got "512"`},
		{"an option after the size", Limits{MemoryLimit: "1GB&threads=64"}, `--memory-limit: want a size such as 512MB or 2GB, got "1GB&threads=64"`},
		{"negative threads", Limits{Threads: -1}, "--threads: want 0 (one per core) to 256, got -1"},
		{"too many threads", Limits{Threads: 100000}, "--threads: want 0 (one per core) to 256, got 100000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.limits.Check(); err == nil || err.Error() != tc.want || !errors.Is(err, ErrBadLimit) {
				t.Errorf("Check: %v, want %s", err, tc.want)
			}
			if db, err := OpenWith(ctx, path, tc.limits); err == nil || !errors.Is(err, ErrBadLimit) {
				if db != nil {
					db.Close()
				}
				t.Errorf("OpenWith: %v, want %s", err, tc.want)
			}
		})
	}
}

// TestGoHeapLimit reads each memory limit DuckDB takes into bytes and the
// Go heap's limit that goes with it.
func TestGoHeapLimit(t *testing.T) {
	for _, tc := range []struct {
		limit      string
		bytes, goh int64
	}{
		{"", 256 << 20, MinGoHeapLimit},
		{"256MiB", 256 << 20, MinGoHeapLimit},
		{"512MiB", 512 << 20, 512 << 20},
		{"1GB", 1_000_000_000, 1_000_000_000},
		{"2GiB", 2 << 30, 2 << 30},
		{"1.5 gib", 3 << 29, 3 << 29},
		{"100MB", 100_000_000, MinGoHeapLimit},
		{"4096KiB", 4 << 20, MinGoHeapLimit},
		{"1TB", 1_000_000_000_000, 1_000_000_000_000},
		{"300B", 300, MinGoHeapLimit},
	} {
		l := Limits{MemoryLimit: tc.limit}
		n, err := l.MemoryLimitBytes()
		if err != nil || n != tc.bytes {
			t.Errorf("%q: MemoryLimitBytes %d, %v; want %d", tc.limit, n, err, tc.bytes)
		}
		g, err := l.GoHeapLimit()
		if err != nil || g != tc.goh {
			t.Errorf("%q: GoHeapLimit %d, %v; want %d", tc.limit, g, err, tc.goh)
		}
	}
	for _, bad := range []string{"512", "MB", "1GB&threads=64", "-1GB"} {
		if n, err := (Limits{MemoryLimit: bad}).GoHeapLimit(); !errors.Is(err, ErrBadLimit) {
			t.Errorf("%q: GoHeapLimit %d, %v; want an error wrapping ErrBadLimit", bad, n, err)
		}
	}
}
