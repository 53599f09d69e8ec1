package main

import (
	"errors"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/internal/suggest"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

// output is what the command line says of how tables are written,
// resolved once for every command by resolveOutput.
type output struct {
	// formatGiven reports whether --format was given on the command line:
	// an explicit table is aligned wherever it goes, the default one only
	// on a terminal.
	formatGiven bool
	// columns are --columns' names, in order; nil: every column, the
	// table fitted to the terminal.
	columns []string
	// choosable reports whether the command takes --columns: only then is
	// a table fitted to the width, since only then can the user get the
	// columns it hides back.
	choosable bool
}

// resolveOutput is the root's PersistentPreRunE: it reads, for the
// command about to run, whether --format was given and which columns
// --columns chose.
func (a *app) resolveOutput(cmd *cobra.Command, _ []string) error {
	a.output = output{}
	flags := cmd.Flags()
	if flags.Lookup("format") != nil {
		a.output.formatGiven = flags.Changed("format")
	}
	a.output.choosable = flags.Lookup("columns") != nil
	if !a.output.choosable || !flags.Changed("columns") {
		return nil
	}
	cols, err := flags.GetStringSlice("columns")
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, c := range cols {
		key := strings.ToLower(strings.TrimSpace(c))
		switch {
		case key == "":
			return usagef("--columns: an empty column name in %q", strings.Join(cols, ","))
		case key == render.AllColumns && len(cols) > 1:
			return usagef("--columns: %s stands alone: it selects every column", render.AllColumns)
		case seen[key]:
			return usagef("--columns: %s given twice", strings.TrimSpace(c))
		}
		seen[key] = true
		a.output.columns = append(a.output.columns, strings.TrimSpace(c))
	}
	return nil
}

// columnsFlag registers --columns on a command that writes one table.
func columnsFlag(cmd *cobra.Command) {
	cmd.Flags().StringSlice("columns", nil, "the columns shown, in this order, in every format (a,b,c; all: every one, however wide)")
}

// layout says how a table written to w is laid out: aligned on a
// terminal or when --format was given, tab-separated rows otherwise;
// fitted to the width of the terminal, or of $COLUMNS, on a command that
// takes --columns (the tables of the others are drawn whole); with
// --columns' columns.
func (a *app) layout(w io.Writer) render.Layout {
	terminal := a.isTerminal(w)
	l := render.Layout{
		Aligned: terminal || a.output.formatGiven,
		Columns: a.output.columns,
		Notes:   a.notes(),
	}
	if a.output.choosable {
		l.Width = a.width(w, terminal)
	}
	return l
}

// notes returns where a table's note goes: stderr, dimmed when it is a
// terminal (and $NO_COLOR is not set), so that it reads as a footnote.
func (a *app) notes() io.Writer {
	if a.isTerminal(a.err) && a.getenv("NO_COLOR") == "" {
		return dimWriter{a.err}
	}
	return a.err
}

// dimWriter writes each note to w dimmed (SGR 2), its newline after the
// reset.
type dimWriter struct{ w io.Writer }

func (d dimWriter) Write(p []byte) (int, error) {
	text, newline := strings.CutSuffix(string(p), "\n")
	end := "\x1b[0m"
	if newline {
		end += "\n"
	}
	if _, err := io.WriteString(d.w, "\x1b[2m"+text+end); err != nil {
		return 0, err
	}
	return len(p), nil
}

// width returns how wide an aligned table written to w may be: $COLUMNS
// when it is a number (a script or a test sets it), else the terminal's
// width, else 0 (any width: piped output is not cut).
func (a *app) width(w io.Writer, terminal bool) int {
	if n, err := strconv.Atoi(strings.TrimSpace(a.getenv("COLUMNS"))); err == nil && n > 0 {
		return n
	}
	if !terminal {
		return 0
	}
	f, ok := w.(*os.File)
	if !ok {
		return 0
	}
	n, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return n
}

// writeTable writes t to a.out in format f, laid out by a.layout; a
// column --columns names that t lacks is a usage error.
func (a *app) writeTable(f render.Format, t *render.Table) error {
	return columnsError(render.Write(a.out, f, t, a.layout(a.out)))
}

// columnsError turns a *render.ColumnError into a usage error of one line
// that suggests the names close to the one given and lists the columns;
// other errors are returned as they are.
func columnsError(err error) error {
	var ce *render.ColumnError
	if !errors.As(err, &ce) {
		return err
	}
	return usagef("--columns: no column %q%s; the columns are %s, or %s", ce.Name, suggest.DidYouMean(ce.Name, ce.Known),
		strings.Join(ce.Known, ", "), render.AllColumns)
}
