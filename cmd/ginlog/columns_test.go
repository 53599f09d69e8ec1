package main

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestTableFormatGolden keeps in golden files how tables go out: an
// explicit -f table is aligned when piped too, the default format is
// tab-separated rows there; a table wider than $COLUMNS (the terminal's
// width in tests) hides its columns on the right and says which on
// stderr, or wraps a text column; --columns chooses and orders the
// columns in every format, and a name no column has is a usage error
// that says what was meant. Each file holds stdout, then stderr.
func TestTableFormatGolden(t *testing.T) {
	env := corpusDB(t, testenv.Sample)
	narrow := map[string]string{"GINLOG_DB": env["GINLOG_DB"], "COLUMNS": "80"}
	for _, tc := range []struct {
		name     string
		env      map[string]string
		terminal bool
		args     []string
		code     int
	}{
		{"table-piped", env, false, []string{"query", "summary", "-f", "table"}, exitOK},
		{"default-piped", env, false, []string{"query", "summary"}, exitOK},
		{"default-piped-narrow", narrow, false, []string{"query", "summary"}, exitOK},
		{"table-piped-narrow", narrow, false, []string{"query", "summary", "--format", "TABLE"}, exitOK},
		{"terminal-narrow", narrow, true, []string{"query", "summary"}, exitOK},
		{"terminal-narrow-wrapped", narrow, true, []string{"query", "--list"}, exitOK},
		{"terminal-narrow-columns", narrow, true, []string{"query", "summary", "--columns", "side,points_per_round,gins,knocks,drops,undercuts,rate,ci_low,ci_high"}, exitOK},
		{"terminal-narrow-columns-all", narrow, true, []string{"query", "summary", "--columns", "all"}, exitOK},
		{"columns-piped", env, false, []string{"query", "summary", "--columns", "side,rate,Games"}, exitOK},
		{"columns-csv", env, false, []string{"query", "summary", "-f", "csv", "--columns", "rate, side"}, exitOK},
		{"columns-json", env, false, []string{"query", "summary", "-f", "json", "--columns", "side", "--columns", "gins"}, exitOK},
		{"columns-markdown", env, false, []string{"query", "summary", "-f", "markdown", "--columns", "side,knocks"}, exitOK},
		{"columns-games", env, false, []string{"games", "--columns", "game_id,winner,you,opp"}, exitOK},
		{"columns-sql", env, false, []string{"sql", "SELECT 1 AS one, 2 AS two", "--columns", "two,one", "-f", "csv"}, exitOK},
		{"columns-bad", env, false, []string{"query", "summary", "--columns", "side,rat"}, exitUsage},
		{"columns-bad-far", env, false, []string{"opponents", "--columns", "xyzzy"}, exitUsage},
		{"columns-bad-sql", env, false, []string{"sql", "SELECT 1 AS one", "--columns", "on"}, exitUsage},
		{"columns-all-and-more", env, false, []string{"query", "summary", "--columns", "all,side"}, exitUsage},
		{"columns-twice", env, false, []string{"query", "summary", "--columns", "side,SIDE"}, exitUsage},
		{"columns-print-sql", env, false, []string{"query", "summary", "--columns", "side", "--dialect", "trino", "--print-sql"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := runCmd
			if tc.terminal {
				run = runCmdTerminal
			}
			r := run(t, tc.env, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, "sample/table-"+tc.name+".txt", r.out+r.err)
		})
	}
}

// TestColumnsFlag: every command that prints one table of a query's
// columns takes --columns; retrace, fit --evaluate and review print
// several tables, whose columns differ, and take none.
func TestColumnsFlag(t *testing.T) {
	several := []string{"retrace", "fit", "review"}
	root := newRootCmd(&app{getenv: func(string) string { return "" }})
	for _, c := range root.Commands() {
		f := c.Flags().Lookup("format")
		if f == nil || !slices.Equal(formatValues(t, c), []string{"table", "csv", "json", "markdown"}) {
			continue
		}
		has := c.Flags().Lookup("columns") != nil
		if want := !slices.Contains(several, c.Name()); has != want {
			t.Errorf("%s: --columns %v, want %v", c.Name(), has, want)
		}
	}
}

// TestTableNoteDimmed: the note of the columns hidden is dimmed when
// stderr is a terminal, unless NO_COLOR is set, and plain otherwise.
func TestTableNoteDimmed(t *testing.T) {
	env := corpusDB(t, testenv.Sample)
	const note = "6 columns hidden to fit a width of 80: points_per_round, gins, knocks, drops, undercuts, note; --columns to choose, --columns all for every one"
	for _, tc := range []struct {
		name          string
		noColor       string
		errIsTerminal bool
		want          string
	}{
		{"stderr a terminal", "", true, "\x1b[2m" + note + "\x1b[0m\n"},
		{"NO_COLOR", "1", true, note + "\n"},
		{"stderr piped", "", false, note + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			a := &app{in: strings.NewReader(""), out: &out, err: &errb,
				getenv: func(k string) string {
					return map[string]string{"GINLOG_DB": env["GINLOG_DB"], "COLUMNS": "80", "NO_COLOR": tc.noColor}[k]
				},
				terminal: func(w io.Writer) bool { return w == &out || tc.errIsTerminal && w == &errb }}
			if code := a.execute(context.Background(), []string{"query", "summary"}); code != exitOK {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if errb.String() != tc.want {
				t.Errorf("stderr %q, want %q", errb.String(), tc.want)
			}
		})
	}
}

// TestTablesWithoutColumnsWhole: a command without --columns draws its
// tables whole on a narrow terminal: the columns hidden could not be
// asked for.
func TestTablesWithoutColumnsWhole(t *testing.T) {
	r := runCmdTerminal(t, map[string]string{"COLUMNS": "40"}, "melds", "SA S2 S3 C5 C6 C7 D9 D10 DJ HQ HK")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	if r.err != "" {
		t.Errorf("stderr %q, want nothing", r.err)
	}
	piped := runCmd(t, nil, "melds", "SA S2 S3 C5 C6 C7 D9 D10 DJ HQ HK", "-f", "table")
	if r.out != piped.out {
		t.Errorf("on a 40-column terminal:\n%s\nwant the whole table, as -f table piped draws it:\n%s", r.out, piped.out)
	}
}
