//go:build unix

package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStep measures a rescan with nothing to do, the price of
// polling: a folder of n log files, each seen and waiting, rescanned.
// The reference, timed in the same loop, is listing the folder alone
// (os.ReadDir, no stat), the least any scan costs; x-readdir is the
// ratio, and cpu-share the share of one core a watcher spends scanning
// such a folder every DefaultInterval. Times are the process's CPU time
// (user and system), which other processes on a shared machine do not
// inflate.
func BenchmarkStep(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := b.TempDir()
			for i := range n {
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.csv", 1800000000+i)), []byte("x"), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			c := &clock{time.Now()}
			w, err := New(Options{Dirs: []string{dir}, DBPath: filepath.Join(b.TempDir(), "none.duckdb"), Now: c.now})
			if err != nil {
				b.Fatal(err)
			}
			for range 2 { // seen, then waiting for partners
				if err := w.Step(context.Background()); err != nil {
					b.Fatal(err)
				}
				c.advance(time.Hour)
			}
			var step, list time.Duration
			iters := 0
			for b.Loop() {
				t0 := cpuTime(b)
				if err := w.Step(context.Background()); err != nil {
					b.Fatal(err)
				}
				t1 := cpuTime(b)
				if _, err := os.ReadDir(dir); err != nil {
					b.Fatal(err)
				}
				step += t1 - t0
				list += cpuTime(b) - t1
				iters++
			}
			b.ReportMetric(float64(step.Nanoseconds())/float64(iters*n), "ns/file")
			b.ReportMetric(float64(step)/float64(list), "x-readdir")
			b.ReportMetric(float64(step)/float64(iters)/float64(DefaultInterval), "cpu-share")
		})
	}
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
