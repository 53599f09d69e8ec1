//go:build unix

package bench

import "syscall"

// cpuSeconds returns the CPU time the process has used, user and system,
// DuckDB's threads included: on a machine shared with other work it moves
// far less than the wall time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
