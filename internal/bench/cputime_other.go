//go:build !unix

package bench

// cpuSeconds returns 0 where the process's CPU time is not measured.
func cpuSeconds() (float64, error) { return 0, nil }
