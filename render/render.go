// Package render writes tables in the formats the command line offers:
// an aligned table for people (through tablewriter), plain tab-separated
// rows for other programs, CSV, JSON and Markdown, with the columns and
// the width a Layout gives. It is the only package that imports
// tablewriter.
//
// A Table is a header of named columns and rows of cells. A cell is a
// string, an integer, a float64, a bool, nil (shown empty, null in JSON)
// or a list of cells, []any (a hand's cards: its cells separated by spaces
// in the text formats, an array in JSON).
// Text formats print floats with the column's Format; JSON keeps full
// precision and the numbers' types.
package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Format is an output format.
type Format string

// The output formats.
const (
	Text     Format = "table"
	CSV      Format = "csv"
	JSON     Format = "json"
	Markdown Format = "markdown"
)

// Formats lists every format, in the order help texts show them.
var Formats = []Format{Text, CSV, JSON, Markdown}

// ParseFormat checks s, in any case, against the allowed formats (all of
// them when none is given).
func ParseFormat(s string, allowed ...Format) (Format, error) {
	if len(allowed) == 0 {
		allowed = Formats
	}
	for _, f := range allowed {
		if strings.EqualFold(string(f), s) {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q: want %s", s, FormatList(allowed...))
}

// FormatList names the formats (all of them when none is given) for a
// help text or a message: "table, csv, json or markdown".
func FormatList(formats ...Format) string {
	if len(formats) == 0 {
		formats = Formats
	}
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = string(f)
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Column describes one column.
type Column struct {
	Name   string
	Format string // fmt verb for float cells in text formats; default "%.3f"
}

// Table is a header and rows of cells, one per column.
type Table struct {
	Columns []Column
	Rows    [][]any
}

// Cols returns columns with the given names and default formats.
func Cols(names ...string) []Column {
	cols := make([]Column, len(names))
	for i, n := range names {
		cols[i] = Column{Name: n}
	}
	return cols
}

// Append adds a row.
func (t *Table) Append(cells ...any) { t.Rows = append(t.Rows, cells) }

// Write writes t to w in format f, with the columns l chooses. With f
// Text, l.Aligned selects the boxed, aligned table (fitted to l.Width,
// the columns it hides named on l.Notes); otherwise Text writes a header
// line and tab-separated rows that other programs read easily.
func Write(w io.Writer, f Format, t *Table, l Layout) error {
	switch f {
	case CSV, JSON, Markdown, Text:
	default:
		return fmt.Errorf("unknown format %q", f)
	}
	idx, err := l.pick(t.Columns)
	if err != nil {
		return err
	}
	t = t.project(idx)
	switch f {
	case CSV:
		return writeCSV(w, t)
	case JSON:
		return writeJSON(w, t)
	case Markdown:
		return writeTable(w, t, t.displayRows(), renderer.NewMarkdown(), whole(len(t.Columns)))
	}
	if !l.Aligned {
		return writeTSV(w, t)
	}
	cells := t.displayRows()
	fitted := whole(len(t.Columns))
	if !l.chosen() {
		fitted = t.fitTo(cells, l.Width)
	}
	if err := writeTable(w, t, cells, renderer.NewBlueprint(), fitted); err != nil {
		return err
	}
	return t.noteHidden(l.Notes, fitted, l.Width)
}

// text returns a cell as the text formats show it.
func (t *Table) text(col int, v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		format := t.Columns[col].Format
		if format == "" {
			format = "%.3f"
		}
		return fmt.Sprintf(format, x)
	case float32:
		return t.text(col, float64(x))
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = t.text(col, e)
		}
		return strings.Join(parts, " ")
	default:
		return fmt.Sprint(x)
	}
}

func (t *Table) header() []string {
	h := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		h[i] = c.Name
	}
	return h
}

func (t *Table) textRow(row []any) []string {
	out := make([]string, len(row))
	for i, v := range row {
		out[i] = t.text(i, v)
	}
	return out
}

// displayRow is textRow for the formats read on a terminal or split on
// tabs and newlines (the table, tab-separated rows, Markdown): a control
// character, a line or paragraph separator or an invalid byte in a cell
// is written as an escape (\t, \n, \x1b, \u2028, \xff), so that a value
// can neither break a row nor reach the terminal raw. CSV and JSON quote
// their values and keep them whole.
func (t *Table) displayRow(row []any) []string {
	out := t.textRow(row)
	for i, s := range out {
		out[i] = Printable(s)
	}
	return out
}

// Printable returns s with every control character, line or paragraph
// separator (U+2028, U+2029) and invalid UTF-8 byte escaped as Go
// escapes them; other text is kept as it is.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case unsafeRune(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
	}
	return b.String()
}

// unsafeRune reports whether r must be escaped in text output.
func unsafeRune(r rune) bool {
	return r == utf8.RuneError || unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}

// numeric reports whether every non-nil cell of column col is a number, so
// that the column is right-aligned.
func (t *Table) numeric(col int) bool {
	seen := false
	for _, row := range t.Rows {
		switch row[col].(type) {
		case nil:
		case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float32, float64:
			seen = true
		default:
			return false
		}
	}
	return seen
}

// displayRows returns the rows of t as displayRow shows them.
func (t *Table) displayRows() [][]string {
	cells := make([][]string, len(t.Rows))
	for i, row := range t.Rows {
		cells[i] = t.displayRow(row)
	}
	return cells
}

// writeTable draws t, whose display cells are cells, with r: the columns
// f keeps, the one it wraps wrapped.
func writeTable(w io.Writer, t *Table, cells [][]string, r tw.Renderer, f fit) error {
	align := make([]tw.Align, f.keep)
	for i := range align {
		align[i] = tw.AlignLeft
		if t.numeric(i) {
			align[i] = tw.AlignRight
		}
	}
	tbl := tablewriter.NewTable(w,
		tablewriter.WithRenderer(r),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
	header := t.header()[:f.keep]
	if f.wrapCol >= 0 {
		header[f.wrapCol] = wrapText(header[f.wrapCol], f.wrapWidth)
	}
	tbl.Header(header)
	for _, row := range cells {
		row = row[:f.keep]
		if f.wrapCol >= 0 {
			row[f.wrapCol] = wrapText(row[f.wrapCol], f.wrapWidth)
		}
		if err := tbl.Append(row); err != nil {
			return err
		}
	}
	return tbl.Render()
}

func writeTSV(w io.Writer, t *Table) error {
	var b strings.Builder
	b.WriteString(strings.Join(t.header(), "\t"))
	b.WriteByte('\n')
	for _, row := range t.Rows {
		b.WriteString(strings.Join(t.displayRow(row), "\t"))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeCSV(w io.Writer, t *Table) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(t.header()); err != nil {
		return err
	}
	for _, row := range t.Rows {
		if err := cw.Write(t.textRow(row)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// writeJSON writes an array of objects whose keys keep the column order.
func writeJSON(w io.Writer, t *Table) error {
	var b strings.Builder
	b.WriteString("[")
	for i, row := range t.Rows {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n  {")
		for j, v := range row {
			if j > 0 {
				b.WriteString(", ")
			}
			k, _ := json.Marshal(t.Columns[j].Name)
			val, err := json.Marshal(v)
			if err != nil {
				return fmt.Errorf("column %s: %w", t.Columns[j].Name, err)
			}
			b.Write(k)
			b.WriteString(": ")
			b.Write(val)
		}
		b.WriteString("}")
	}
	if len(t.Rows) > 0 {
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes v as indented JSON followed by a newline: the form every
// command's --format json uses for objects.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
