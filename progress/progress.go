// Package progress draws a one-line progress bar on a terminal: the steps
// done of the total, the rate, and an estimate of the time left. Commands
// create it enabled only when stderr is a terminal, so piped output stays
// quiet.
package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Bar is a progress bar; its methods are safe for concurrent use. A nil or
// disabled Bar does nothing.
type Bar struct {
	mu      sync.Mutex
	w       io.Writer
	label   string
	total   int
	done    int
	start   time.Time
	last    time.Time
	enabled bool
	now     func() time.Time // the clock; tests set it
	drawn   int              // the length of the line drawn last, which Done clears
}

// New returns a bar for total steps that draws on w only when enabled. It
// draws at once when there is work (total above 0), so that a first step
// that takes long does not leave the terminal silent.
func New(w io.Writer, label string, total int, enabled bool) *Bar {
	b := &Bar{w: w, label: label, total: total, enabled: enabled, start: time.Now(), now: time.Now}
	if enabled && total > 0 {
		b.draw() // the first step draws too
	}
	return b
}

// SetTotal changes the number of steps, for work whose size is learnt as
// it goes.
func (b *Bar) SetTotal(total int) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.total = total
}

// Add records n more steps done and redraws at most ten times a second.
func (b *Bar) Add(n int) {
	if b == nil || !b.enabled {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done += n
	if now := b.now(); now.Sub(b.last) >= 100*time.Millisecond || b.done >= b.total {
		b.last = now
		b.draw()
	}
}

func (b *Bar) draw() {
	const width = 30
	frac := 1.0
	if b.total > 0 {
		frac = min(1, float64(b.done)/float64(b.total))
	}
	filled := int(frac * width)
	elapsed := b.now().Sub(b.start)
	rate := float64(b.done) / max(elapsed.Seconds(), 1e-9)
	line := fmt.Sprintf("%s [%s%s] %d/%d %s/s%s ", b.label, strings.Repeat("=", filled), strings.Repeat(" ", width-filled), b.done, b.total, rateText(rate), eta(elapsed, b.done, b.total))
	// A shorter line than the last (the estimate gone) pads over its end.
	fmt.Fprintf(b.w, "\r%-*s", b.drawn, line)
	b.drawn = max(b.drawn, len(line))
}

// eta returns the estimate of the time left, ", 1:05 left", when done of
// total steps took elapsed: the rate so far carried to the end. It is ""
// before the first step and after the last.
func eta(elapsed time.Duration, done, total int) string {
	if done <= 0 || done >= total {
		return ""
	}
	left := time.Duration(float64(elapsed) / float64(done) * float64(total-done)).Round(time.Second)
	h, m, s := int(left.Hours()), int(left.Minutes())%60, int(left.Seconds())%60
	if h > 0 {
		return fmt.Sprintf(", %d:%02d:%02d left", h, m, s)
	}
	return fmt.Sprintf(", %d:%02d left", m, s)
}

// rateText prints a rate of steps a second: whole above 10, else with a
// decimal, so that slow steps (a game's review) do not show 0/s.
func rateText(rate float64) string {
	if rate >= 10 {
		return fmt.Sprintf("%.0f", rate)
	}
	return fmt.Sprintf("%.1f", rate)
}

// Done clears the bar's line.
func (b *Bar) Done() {
	if b == nil || !b.enabled {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	fmt.Fprintf(b.w, "\r%s\r", strings.Repeat(" ", max(80, b.drawn)))
}
