package render

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/internal/golden"
)

func sample() *Table {
	t := &Table{Columns: []Column{{Name: "card"}, {Name: "cases"}, {Name: "rate", Format: "%.2f"}, {Name: "note"}}}
	t.Append("SA", 12, 0.25, nil)
	t.Append("D10", 3, 1.0, "small sample")
	t.Append("HJ, \"quoted\"", 140, nil, true)
	return t
}

func TestWrite(t *testing.T) {
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
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, tc.format, sample(), tc.terminal); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", tc.name+".golden"), b.String())
		})
	}
}

func TestEmptyJSON(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, JSON, &Table{Columns: Cols("a")}, false); err != nil || b.String() != "[]\n" {
		t.Errorf("empty table as JSON: %q, %v", b.String(), err)
	}
}

func TestParseFormat(t *testing.T) {
	if f, err := ParseFormat("csv"); err != nil || f != CSV {
		t.Errorf("ParseFormat(csv) = %v, %v", f, err)
	}
	if _, err := ParseFormat("csv", Text, JSON); err == nil || err.Error() != `unknown format "csv": want table, json` {
		t.Errorf("ParseFormat(csv, table|json) error = %v", err)
	}
}
