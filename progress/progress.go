// Package progress draws a one-line progress bar on a terminal. Commands
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
}

// New returns a bar for total steps that draws on w only when enabled.
func New(w io.Writer, label string, total int, enabled bool) *Bar {
	return &Bar{w: w, label: label, total: total, enabled: enabled, start: time.Now()}
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
	if now := time.Now(); now.Sub(b.last) >= 100*time.Millisecond || b.done >= b.total {
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
	rate := float64(b.done) / max(time.Since(b.start).Seconds(), 1e-9)
	fmt.Fprintf(b.w, "\r%s [%s%s] %d/%d %s/s %s", b.label, strings.Repeat("=", filled), strings.Repeat(" ", width-filled), b.done, b.total, rateText(rate), left(b.total-b.done, rate))
}

// rateText prints a rate of steps a second: whole above 10, else with a
// decimal, so that slow steps (a game's review) do not show 0/s.
func rateText(rate float64) string {
	if rate >= 10 {
		return fmt.Sprintf("%.0f", rate)
	}
	return fmt.Sprintf("%.1f", rate)
}

// left estimates the time the remaining steps take at rate: "~1m20s left",
// or nothing when nothing is left or no rate is known yet.
func left(remaining int, rate float64) string {
	if remaining <= 0 || rate <= 0 {
		return ""
	}
	d := time.Duration(float64(remaining) / rate * float64(time.Second))
	return "~" + d.Round(time.Second).String() + " left "
}

// Done clears the bar's line.
func (b *Bar) Done() {
	if b == nil || !b.enabled {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	fmt.Fprintf(b.w, "\r%s\r", strings.Repeat(" ", 80))
}
