package render

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

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
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				os.MkdirAll("testdata", 0o755)
				os.WriteFile(path, b.Bytes(), 0o644)
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
			}
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
