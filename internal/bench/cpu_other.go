//go:build !unix

package bench

// CPUSeconds returns 0 where the process's CPU time is not read.
func CPUSeconds() (float64, error) { return 0, nil }
