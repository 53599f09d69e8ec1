package bench

// cpuTimer measures the process's CPU seconds from its start.
type cpuTimer struct {
	start float64
	err   error
}

// startCPU starts a cpuTimer.
func startCPU() cpuTimer {
	s, err := cpuSeconds()
	return cpuTimer{s, err}
}

// elapsed returns the CPU seconds since the timer started.
func (t cpuTimer) elapsed() (float64, error) {
	if t.err != nil {
		return 0, t.err
	}
	now, err := cpuSeconds()
	return now - t.start, err
}
