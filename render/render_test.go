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
	t.Append("hand", 10, 0.5, []any{"S7", "D10", "HJ"})
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
	for _, tc := range []struct {
		name, in string
		allowed  []Format
		want     Format
		wantErr  string
	}{
		{"lower", "csv", nil, CSV, ""},
		{"upper", "JSON", nil, JSON, ""},
		{"mixed", "MarkDown", nil, Markdown, ""},
		{"table in any case", "Table", []Format{Text, JSON}, Text, ""},
		{"not allowed", "csv", []Format{Text, JSON}, "", `unknown format "csv": want table or json`},
		{"unknown", "xml", nil, "", `unknown format "xml": want table, csv, json or markdown`},
		{"empty", "", nil, "", `unknown format "": want table, csv, json or markdown`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseFormat(tc.in, tc.allowed...)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Errorf("ParseFormat(%q) error = %v, want %q", tc.in, err, tc.wantErr)
				}
				return
			}
			if err != nil || f != tc.want {
				t.Errorf("ParseFormat(%q) = %v, %v, want %v", tc.in, f, err, tc.want)
			}
		})
	}
}
