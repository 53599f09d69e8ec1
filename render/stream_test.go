package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomTable returns a table of n rows of mixed cells.
func randomTable(rng *rand.Rand, n int) *Table {
	t := &Table{Columns: []Column{{Name: "id"}, {Name: "name"}, {Name: "rate", Format: "%.2f"}, {Name: "flag"}}}
	for i := range n {
		var rate any = rng.Float64()
		if rng.IntN(5) == 0 {
			rate = nil
		}
		t.Append(int64(i), fmt.Sprintf("r%d,\"x\"", rng.IntN(1000)), rate, rng.IntN(2) == 0)
	}
	return t
}

func stream(t *testing.T, f Format, tab *Table, terminal bool) string {
	t.Helper()
	var b bytes.Buffer
	w, err := NewRowWriter(&b, f, tab.Columns, lay(terminal))
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range tab.Rows {
		if err := w.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestRowWriterMatchesWrite checks that streaming a table of up to a page
// gives exactly what Write gives, in every format.
func TestRowWriterMatchesWrite(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name     string
		format   Format
		terminal bool
	}{
		{"terminal", Text, true},
		{"piped", Text, false},
		{"csv", CSV, false},
		{"json", JSON, false},
		{"markdown", Markdown, false},
	} {
		for _, n := range []int{0, 1, 7, PageRows} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, n), func(t *testing.T) {
				tab := randomTable(rng, n)
				var want bytes.Buffer
				if err := Write(&want, tc.format, tab, lay(tc.terminal)); err != nil {
					t.Fatal(err)
				}
				if got := stream(t, tc.format, tab, tc.terminal); got != want.String() {
					t.Errorf("streamed:\n%s\nwritten:\n%s", got, want.String())
				}
			})
		}
	}
}

// TestRowWriterPages checks that past a page the row formats are still
// exactly Write's, and the drawn tables repeat their header each page.
func TestRowWriterPages(t *testing.T) {
	tab := randomTable(rand.New(rand.NewPCG(5, 6)), 2*PageRows+PageRows/2)
	for _, f := range []Format{CSV, JSON} {
		var want bytes.Buffer
		if err := Write(&want, f, tab, Piped); err != nil {
			t.Fatal(err)
		}
		if got := stream(t, f, tab, false); got != want.String() {
			t.Errorf("%s: streamed output differs from Write's", f)
		}
	}
	var want bytes.Buffer
	if err := Write(&want, Text, tab, Piped); err != nil {
		t.Fatal(err)
	}
	if got := stream(t, Text, tab, false); got != want.String() {
		t.Error("piped text: streamed output differs from Write's")
	}
	for _, tc := range []struct {
		format   Format
		terminal bool
	}{{Text, true}, {Markdown, false}} {
		got := stream(t, tc.format, tab, tc.terminal)
		if n := strings.Count(got, "rate"); n != 3 {
			t.Errorf("%s: %d headers, want 3 pages", tc.format, n)
		}
		if !strings.Contains(got, fmt.Sprint(len(tab.Rows)-1)) {
			t.Errorf("%s: the last row is missing", tc.format)
		}
	}
}
