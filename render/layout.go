package render

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// Layout says how a table is laid out for its reader: which columns, in
// which order, and for Text whether it is aligned and how wide it may be.
type Layout struct {
	// Aligned draws Text as the boxed, aligned table; otherwise Text is a
	// header line and tab-separated rows that other programs split.
	Aligned bool
	// Width is how many cells of text an aligned table may take; 0: any
	// number. A wider table is fitted to it (see Write), unless Columns
	// chose its columns.
	Width int
	// Columns names the columns shown, in this order, in every format
	// (any case); empty, or AllColumns alone: every column, in the
	// table's order. A name that is no column is a *ColumnError.
	Columns []string
	// Notes receives the one line that names the columns a fitted table
	// hides (stderr, beside the table); nil: it is not written.
	Notes io.Writer
}

// Terminal is the layout of a table on a terminal of any width: aligned.
var Terminal = Layout{Aligned: true}

// Piped is the layout of a table read by another program: tab-separated.
var Piped = Layout{}

// AllColumns, as the only name of Layout.Columns, selects every column,
// in the table's order, and keeps a table too wide whole.
const AllColumns = "all"

// ColumnError reports a name of Layout.Columns that no column of the
// table has.
type ColumnError struct {
	Name  string
	Known []string // the table's columns, in order
}

func (e *ColumnError) Error() string {
	return fmt.Sprintf("no column %q: the columns are %s", e.Name, strings.Join(e.Known, ", "))
}

// chosen reports whether l names the columns itself (AllColumns
// included), so that a table is not fitted to the width.
func (l Layout) chosen() bool { return len(l.Columns) > 0 }

// pick returns the indexes, in cols, of the columns l selects, in l's
// order; nil selects every column as it is.
func (l Layout) pick(cols []Column) ([]int, error) {
	if len(l.Columns) == 0 || len(l.Columns) == 1 && strings.EqualFold(l.Columns[0], AllColumns) {
		return nil, nil
	}
	idx := make([]int, len(l.Columns))
	for i, name := range l.Columns {
		j := slices.IndexFunc(cols, func(c Column) bool { return strings.EqualFold(c.Name, name) })
		if j < 0 {
			known := make([]string, len(cols))
			for k, c := range cols {
				known[k] = c.Name
			}
			return nil, &ColumnError{Name: name, Known: known}
		}
		idx[i] = j
	}
	return idx, nil
}

// project returns t with the columns idx only, in that order (t itself
// when idx is nil).
func (t *Table) project(idx []int) *Table {
	if idx == nil {
		return t
	}
	p := &Table{Columns: make([]Column, len(idx)), Rows: make([][]any, len(t.Rows))}
	for i, j := range idx {
		p.Columns[i] = t.Columns[j]
	}
	for r, row := range t.Rows {
		p.Rows[r] = projectRow(row, idx)
	}
	return p
}

// projectRow returns the cells idx of row, in that order (row itself when
// idx is nil).
func projectRow(row []any, idx []int) []any {
	if idx == nil {
		return row
	}
	out := make([]any, len(idx))
	for i, j := range idx {
		out[i] = row[j]
	}
	return out
}

// minWrap is the narrowest a text column is wrapped to, rather than
// hidden, when the table does not fit its width.
const minWrap = 16

// fit is how a table is fitted to a width: its first keep columns are
// drawn, and the column wrapCol (when not -1) is wrapped to wrapWidth
// cells. The columns after keep are hidden.
type fit struct {
	keep, wrapCol, wrapWidth int
}

// whole draws a table of n columns as it is.
func whole(n int) fit { return fit{keep: n, wrapCol: -1} }

// fitTo fits the table t, whose display cells are cells, to width: it
// keeps the columns, from the left, that fit; the first that does not is
// wrapped to the room left when it holds text and at least minWrap cells
// are left, and hidden otherwise, with every column after it. The first
// column is always kept. Width 0 keeps the table whole.
//
// Hiding columns from the right, as gh and kubectl's wide output leave
// them out, keeps one row a line: ginlog's tables put what names a row
// and its main figures first (side, games, cases, rate, the interval),
// and the details after.
func (t *Table) fitTo(cells [][]string, width int) fit {
	n := len(t.Columns)
	used := 1 // the left border; each column adds its width, two spaces and a border
	for i := range n {
		w := twwidth.Width(t.Columns[i].Name)
		for _, row := range cells {
			for _, line := range strings.Split(row[i], "\n") {
				w = max(w, twwidth.Width(line))
			}
		}
		if width <= 0 || used+w+3 <= width {
			used += w + 3
			continue
		}
		room := width - used - 3
		switch {
		case room >= minWrap && !t.numeric(i):
			return fit{keep: i + 1, wrapCol: i, wrapWidth: room}
		case i == 0:
			return whole(1)
		}
		return fit{keep: i, wrapCol: -1}
	}
	return whole(n)
}

// noteHidden writes to w, when it is not nil, the line that names the
// columns of t that f hides to fit width.
func (t *Table) noteHidden(w io.Writer, f fit, width int) error {
	hidden := t.header()[f.keep:]
	if w == nil || len(hidden) == 0 {
		return nil
	}
	what := "1 column"
	if len(hidden) > 1 {
		what = fmt.Sprintf("%d columns", len(hidden))
	}
	_, err := fmt.Fprintf(w, "%s hidden to fit a width of %d: %s; --columns to choose, --columns all for every one\n",
		what, width, strings.Join(hidden, ", "))
	return err
}

// wrapText breaks s into lines of at most width cells, at spaces where
// it can and inside a word longer than a line.
func wrapText(s string, width int) string {
	var lines []string
	var line strings.Builder
	lineWidth := 0
	for _, word := range strings.Fields(s) {
		for twwidth.Width(word) > width {
			if lineWidth > 0 {
				lines, lineWidth = append(lines, line.String()), 0
				line.Reset()
			}
			var head string
			head, word = cutWidth(word, width)
			lines = append(lines, head)
		}
		w := twwidth.Width(word)
		if w == 0 {
			continue
		}
		if lineWidth > 0 && lineWidth+1+w > width {
			lines, lineWidth = append(lines, line.String()), 0
			line.Reset()
		}
		if lineWidth > 0 {
			line.WriteByte(' ')
			lineWidth++
		}
		line.WriteString(word)
		lineWidth += w
	}
	if lineWidth > 0 || len(lines) == 0 {
		lines = append(lines, line.String())
	}
	return strings.Join(lines, "\n")
}

// cutWidth splits s after the most runes that take at most width cells
// (one at least).
func cutWidth(s string, width int) (head, rest string) {
	used := 0
	for i, r := range s {
		w := twwidth.Width(string(r))
		if i > 0 && used+w > width {
			return s[:i], s[i:]
		}
		used += w
	}
	return s, ""
}
