//go:build unix

package bench

import (
	"fmt"
	"syscall"
)

// cpuSeconds returns the CPU time the process has used so far, user and
// system, in seconds: every thread, DuckDB's included.
func cpuSeconds() (float64, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("cpu time: %w", err)
	}
	sec := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return sec(ru.Utime) + sec(ru.Stime), nil
}
