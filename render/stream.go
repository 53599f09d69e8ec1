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
	w        io.Writer
	format   Format
	terminal bool
	page     Table // the columns, and the rows not written yet
	rows     int   // rows written
	csv      *csv.Writer
}

// NewRowWriter returns a writer of rows with the given columns to w in
// format f; terminal selects the boxed table for Text, as in Write.
func NewRowWriter(w io.Writer, f Format, cols []Column, terminal bool) (*RowWriter, error) {
	switch f {
	case Text, CSV, JSON, Markdown:
	default:
		return nil, fmt.Errorf("unknown format %q", f)
	}
	return &RowWriter{w: w, format: f, terminal: terminal, page: Table{Columns: cols}}, nil
}

// Write writes one row (or holds it for the page being filled). The row is
// copied: the caller may reuse it.
func (r *RowWriter) Write(row []any) error {
	t := &r.page
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
	case r.format == Text && !r.terminal:
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
	case r.format == Text && !r.terminal:
		if r.rows == 0 {
			return writeTSV(r.w, &r.page)
		}
		return nil
	}
	if len(r.page.Rows) > 0 || r.rows == 0 {
		return r.flushPage()
	}
	return nil
}

// flushPage draws the rows held as one table.
func (r *RowWriter) flushPage() error {
	var err error
	if r.format == Markdown {
		err = writeTable(r.w, &r.page, renderer.NewMarkdown())
	} else {
		err = writeTable(r.w, &r.page, renderer.NewBlueprint())
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
