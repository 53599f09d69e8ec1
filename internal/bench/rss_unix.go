//go:build unix

package bench

import (
	"os"
	"syscall"
)

// childPeakRSS returns the peak resident memory of an ended child
// process in KiB (Linux's ru_maxrss); 0 where it is not reported.
func childPeakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return 0
}
