package progress

import (
	"bytes"
	"strings"
	"testing"
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
