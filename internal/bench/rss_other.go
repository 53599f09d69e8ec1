//go:build !unix

package bench

import "os"

// childPeakRSS returns 0 where a child's peak memory is not read.
func childPeakRSS(*os.ProcessState) int64 { return 0 }
