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
			if err := Write(&b, tc.format, sample(), lay(tc.terminal)); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", tc.name+".golden"), b.String())
		})
	}
}

func TestEmptyJSON(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, JSON, &Table{Columns: Cols("a")}, Piped); err != nil || b.String() != "[]\n" {
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

func TestPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"bot7", "bot7"},
		{"week 1 ü 週", "week 1 ü 週"},
		{"a\tb", `a\tb`},
		{"a\nb\r", `a\nb\r`},
		{"\x1b[31mred", `\x1b[31mred`},
		{"x\u2028y\u2029", `x\u2028y\u2029`},
		{"bad\xffbyte", `bad\xffbyte`},
		{"\x00\x7f", `\x00\x7f`},
	} {
		if got := Printable(tc.in); got != tc.want {
			t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestControlCharacters: a value with a tab, a newline or an escape
// cannot break a row of the text formats or reach the terminal raw;
// CSV and JSON quote it and keep it whole.
func TestControlCharacters(t *testing.T) {
	tbl := &Table{Columns: Cols("opponent", "games")}
	tbl.Append("a\tb\nc\x1b[0m", 3)
	for _, tc := range []struct {
		format   Format
		terminal bool
		want     string
	}{
		{Text, false, "opponent\tgames\na\\tb\\nc\\x1b[0m\t3\n"},
		{CSV, false, "opponent,games\n\"a\tb\nc\x1b[0m\",3\n"},
		{Markdown, false, `a\tb\nc\x1b[0m`},
		{Text, true, `a\tb\nc\x1b[0m`},
		{JSON, false, `"a\tb\nc\u001b[0m"`},
	} {
		var b bytes.Buffer
		if err := Write(&b, tc.format, tbl, lay(tc.terminal)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b.Bytes(), []byte(tc.want)) {
			t.Errorf("%s (terminal %v): %q does not hold %q", tc.format, tc.terminal, b.String(), tc.want)
		}
		if tc.format != CSV && tc.format != JSON && bytes.ContainsAny(b.Bytes(), "\x1b") {
			t.Errorf("%s: an escape character reaches the output: %q", tc.format, b.String())
		}
	}
}

// lay returns the layout of a table on a terminal of any width, or piped.
func lay(terminal bool) Layout {
	if terminal {
		return Terminal
	}
	return Piped
}
