package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestDisabledBarIsSilent(t *testing.T) {
	var b bytes.Buffer
	bar := New(&b, "x", 10, false)
	bar.Add(10)
	bar.Done()
	if b.Len() != 0 {
		t.Errorf("disabled bar wrote %q", b.String())
	}
	var nilBar *Bar
	nilBar.Add(1)
	nilBar.Done()
}

func TestBarDrawsFinalCount(t *testing.T) {
	var b bytes.Buffer
	bar := New(&b, "games", 4, true)
	for range 4 {
		bar.Add(1)
	}
	if !strings.Contains(b.String(), "games [") || !strings.Contains(b.String(), "4/4") {
		t.Errorf("bar output %q lacks the final count", b.String())
	}
}

// TestBarDrawsAtOnce: a bar with work draws before its first step; one
// without draws nothing.
func TestBarDrawsAtOnce(t *testing.T) {
	var b bytes.Buffer
	New(&b, "verify", 600, true)
	if got := lastDraw(b.String()); !strings.HasPrefix(got, "verify [") || !strings.Contains(got, "] 0/600") {
		t.Errorf("a new bar drew %q, want it at 0/600", got)
	}
	b.Reset()
	New(&b, "verify", 0, true)
	if b.Len() != 0 {
		t.Errorf("a bar without work drew %q", b.String())
	}
}

func TestSetTotalKeepsTheCount(t *testing.T) {
	var b bytes.Buffer
	bar := New(&b, "games", 2, true)
	bar.Add(1)
	bar.SetTotal(4)
	for range 3 {
		bar.Add(1)
	}
	if !strings.Contains(b.String(), "4/4") || strings.Contains(b.String(), "3/4") {
		t.Errorf("bar output %q: want the count kept and the new total", b.String())
	}
}

// TestBarShowsTimeLeft: the rate so far, carried to the end, is the
// estimate; on a clock the test moves, never timed.
func TestBarShowsTimeLeft(t *testing.T) {
	var b bytes.Buffer
	bar := New(&b, "games", 1000, true)
	start := bar.start
	bar.now = func() time.Time { return start.Add(10 * time.Second) }
	bar.Add(100)
	if got, want := lastDraw(b.String()), "games [===                           ] 100/1000 10/s, 1:30 left "; got != want {
		t.Errorf("bar %q, want %q", got, want)
	}
	bar.now = func() time.Time { return start.Add(2 * time.Hour) }
	bar.Add(400)
	if got := lastDraw(b.String()); !strings.HasSuffix(got, " 500/1000 0.1/s, 2:00:00 left ") {
		t.Errorf("bar %q, want 2:00:00 left", got)
	}
	bar.now = func() time.Time { return start.Add(3 * time.Hour) }
	bar.Add(500)
	if got := lastDraw(b.String()); strings.Contains(got, "left") {
		t.Errorf("finished bar %q still estimates", got)
	}
}

// lastDraw returns the last line drawn of a bar's output.
func lastDraw(s string) string { return s[strings.LastIndex(s, "\r")+1:] }

func TestETA(t *testing.T) {
	for _, tc := range []struct {
		name        string
		elapsed     time.Duration
		done, total int
		want        string
	}{
		{"no step yet", time.Second, 0, 10, ""},
		{"finished", time.Second, 10, 10, ""},
		{"seconds", 5 * time.Second, 1, 2, ", 0:05 left"},
		{"minutes", time.Minute, 1, 3, ", 2:00 left"},
		{"hours", time.Hour, 1, 3, ", 2:00:00 left"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := eta(tc.elapsed, tc.done, tc.total); got != tc.want {
				t.Errorf("eta(%v, %d, %d) = %q, want %q", tc.elapsed, tc.done, tc.total, got, tc.want)
			}
		})
	}
}
