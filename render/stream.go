package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter/renderer"
)

// PageRows is how many rows a RowWriter holds at most: the boxed and the
// Markdown tables are drawn a page at a time, each page with its header.
const PageRows = 1000

// RowWriter writes a table row by row, in the same forms as Write, holding
// at most PageRows rows: results of any size stream through it.
type RowWriter struct {
	w      io.Writer
	format Format
	layout Layout
	idx    []int // the columns shown (nil: all), as Layout.pick gives them
	page   Table // the columns shown, and the rows not written yet
	rows   int   // rows written
	csv    *csv.Writer
	fitted *fit // how the aligned table is fitted, decided on its first page
}

// NewRowWriter returns a writer of rows with the given columns to w in
// format f, laid out as l says, as in Write. An aligned table is fitted
// to l.Width on its first page, and every page is drawn alike.
func NewRowWriter(w io.Writer, f Format, cols []Column, l Layout) (*RowWriter, error) {
	switch f {
	case Text, CSV, JSON, Markdown:
	default:
		return nil, fmt.Errorf("unknown format %q", f)
	}
	idx, err := l.pick(cols)
	if err != nil {
		return nil, err
	}
	shown := (&Table{Columns: cols}).project(idx).Columns
	return &RowWriter{w: w, format: f, layout: l, idx: idx, page: Table{Columns: shown}}, nil
}

// Write writes one row (or holds it for the page being filled). The row is
// copied: the caller may reuse it.
func (r *RowWriter) Write(row []any) error {
	t := &r.page
	row = projectRow(row, r.idx)
	switch {
	case r.format == CSV:
		if r.csv == nil {
			r.csv = csv.NewWriter(r.w)
			if err := r.csv.Write(t.header()); err != nil {
				return err
			}
		}
		if err := r.csv.Write(t.textRow(row)); err != nil {
			return err
		}
	case r.format == JSON:
		if err := r.jsonRow(row); err != nil {
			return err
		}
	case r.format == Text && !r.layout.Aligned:
		if r.rows == 0 {
			if _, err := io.WriteString(r.w, strings.Join(t.header(), "\t")+"\n"); err != nil {
				return err
			}
		}
		if _, err := io.WriteString(r.w, strings.Join(t.textRow(row), "\t")+"\n"); err != nil {
			return err
		}
	default:
		t.Rows = append(t.Rows, append([]any(nil), row...))
		if len(t.Rows) == PageRows {
			if err := r.flushPage(); err != nil {
				return err
			}
		}
	}
	r.rows++
	return nil
}

// Close writes what is held and the end of the output.
func (r *RowWriter) Close() error {
	switch {
	case r.format == CSV:
		if r.csv == nil {
			return writeCSV(r.w, &r.page)
		}
		r.csv.Flush()
		return r.csv.Error()
	case r.format == JSON:
		end := "]\n"
		if r.rows == 0 {
			end = "[]\n"
		} else {
			end = "\n" + end
		}
		_, err := io.WriteString(r.w, end)
		return err
	case r.format == Text && !r.layout.Aligned:
		if r.rows == 0 {
			return writeTSV(r.w, &r.page)
		}
		return nil
	}
	if len(r.page.Rows) > 0 || r.rows == 0 {
		if err := r.flushPage(); err != nil {
			return err
		}
	}
	if r.format == Text {
		return r.page.noteHidden(r.layout.Notes, *r.fitted, r.layout.Width)
	}
	return nil
}

// flushPage draws the rows held as one table.
func (r *RowWriter) flushPage() error {
	cells := r.page.displayRows()
	var err error
	if r.format == Markdown {
		err = writeTable(r.w, &r.page, cells, renderer.NewMarkdown(), whole(len(r.page.Columns)))
	} else {
		if r.fitted == nil {
			f := whole(len(r.page.Columns))
			if !r.layout.chosen() {
				f = r.page.fitTo(cells, r.layout.Width)
			}
			r.fitted = &f
		}
		err = writeTable(r.w, &r.page, cells, renderer.NewBlueprint(), *r.fitted)
	}
	r.page.Rows = r.page.Rows[:0]
	return err
}

// jsonRow writes one object of the JSON array, as writeJSON does.
func (r *RowWriter) jsonRow(row []any) error {
	var b strings.Builder
	if r.rows == 0 {
		b.WriteString("[")
	} else {
		b.WriteByte(',')
	}
	b.WriteString("\n  {")
	for j, v := range row {
		if j > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(r.page.Columns[j].Name)
		val, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("column %s: %w", r.page.Columns[j].Name, err)
		}
		b.Write(k)
		b.WriteString(": ")
		b.Write(val)
	}
	b.WriteString("}")
	_, err := io.WriteString(r.w, b.String())
	return err
}
