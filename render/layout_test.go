package render

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/golden"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// wide returns a table as wide as query summary's: 14 columns, some of
// them long, the last one text.
func wide() *Table {
	t := &Table{Columns: Cols("side", "games", "cases", "opportunities", "rate", "ci_low", "ci_high",
		"rounds", "points_per_round", "gins", "knocks", "drops", "undercuts", "note")}
	t.Append("opp", 20, 14, 20, 0.7, 0.481, 0.855, 129, 13.91, 4, 80, 0, 0, nil)
	t.Append("you", 20, 6, 20, 0.3, 0.145, 0.519, 129, 11.5, 11, 34, 0, 4, "small sample")
	return t
}

// described returns a table whose third column is long text, as query
// --list's descriptions.
func described() *Table {
	t := &Table{Columns: Cols("game", "name", "description", "rate")}
	t.Append("gin", "summary", "games, wins, points per round and how rounds ended, per side", "games won, of games")
	t.Append("gin", "draw-tendency", "how often the face-up card is taken, overall and by rank", nil)
	return t
}

// TestWriteColumns: Layout.Columns chooses and orders the columns in
// every format, in any case; all, or none, keeps every one.
func TestWriteColumns(t *testing.T) {
	for _, tc := range []struct {
		name    string
		format  Format
		layout  Layout
		want    string
		wantErr string
	}{
		{"piped", Text, Layout{Columns: []string{"rate", "card"}}, "rate\tcard\n0.25\tSA\n1.00\tD10\n\tHJ, \"quoted\"\n0.50\thand\n", ""},
		{"any case", Text, Layout{Columns: []string{"CARD"}}, "card\nSA\nD10\nHJ, \"quoted\"\nhand\n", ""},
		{"csv", CSV, Layout{Columns: []string{"cases", "card"}}, "cases,card\n12,SA\n3,D10\n140,\"HJ, \"\"quoted\"\"\"\n10,hand\n", ""},
		{"json", JSON, Layout{Columns: []string{"note", "cases"}}, "[\n  {\"note\": null, \"cases\": 12},\n  {\"note\": \"small sample\", \"cases\": 3},\n  {\"note\": true, \"cases\": 140},\n  {\"note\": [\"S7\",\"D10\",\"HJ\"], \"cases\": 10}\n]\n", ""},
		{"markdown", Markdown, Layout{Columns: []string{"cases"}}, "| cases |\n|------:|\n|    12 |\n|     3 |\n|   140 |\n|    10 |\n", ""},
		{"aligned", Text, Layout{Aligned: true, Columns: []string{"cases"}}, "┌───────┐\n│ cases │\n├───────┤\n│    12 │\n│     3 │\n│   140 │\n│    10 │\n└───────┘\n", ""},
		{"all", Text, Layout{Columns: []string{"all"}}, "card\tcases\trate\tnote\n", ""},
		{"unknown", CSV, Layout{Columns: []string{"card", "rat"}}, "", `no column "rat": the columns are card, cases, rate, note`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			err := Write(&b, tc.format, sample(), tc.layout)
			if tc.wantErr != "" {
				var ce *ColumnError
				if !errors.As(err, &ce) || err.Error() != tc.wantErr || b.Len() != 0 {
					t.Errorf("error %v (wrote %q), want a *ColumnError %q and nothing written", err, b.String(), tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := b.String(); !strings.HasPrefix(got, tc.want) {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestFitTo: an aligned table wider than its width keeps the columns
// that fit from the left, wraps a text column when there is room for it,
// and always keeps its first column.
func TestFitTo(t *testing.T) {
	for _, tc := range []struct {
		name  string
		table *Table
		width int
		want  fit
	}{
		{"no width", wide(), 0, whole(14)},
		{"wide enough", wide(), 200, whole(14)},
		{"exactly wide enough", wide(), 146, whole(14)},
		{"one cell short: too little room to wrap", wide(), 145, fit{keep: 13, wrapCol: -1}},
		{"80: numbers hidden, not wrapped", wide(), 80, fit{keep: 8, wrapCol: -1}},
		{"first column kept", wide(), 3, whole(1)},
		{"text wrapped", described(), 80, fit{keep: 3, wrapCol: 2, wrapWidth: 53}},
		{"too little room to wrap", described(), 40, fit{keep: 2, wrapCol: -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.table.fitTo(tc.table.displayRows(), tc.width); got != tc.want {
				t.Errorf("fitTo(%d) = %+v, want %+v", tc.width, got, tc.want)
			}
		})
	}
}

// TestWriteFitted draws the wide tables fitted to 80 cells: no line is
// wider, and the note names the columns hidden.
func TestWriteFitted(t *testing.T) {
	for _, tc := range []struct {
		name  string
		table *Table
		note  string
	}{
		{"fitted-numbers", wide(), "6 columns hidden to fit a width of 80: points_per_round, gins, knocks, drops, undercuts, note; --columns to choose, --columns all for every one\n"},
		{"fitted-text", described(), "1 column hidden to fit a width of 80: rate; --columns to choose, --columns all for every one\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, notes bytes.Buffer
			if err := Write(&out, Text, tc.table, Layout{Aligned: true, Width: 80, Notes: &notes}); err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
				if w := twwidth.Width(line); w > 80 {
					t.Errorf("a line of %d cells: %s", w, line)
				}
			}
			if notes.String() != tc.note {
				t.Errorf("note %q, want %q", notes.String(), tc.note)
			}
			golden.Check(t, filepath.Join("testdata", tc.name+".golden"), out.String())
		})
	}
}

// TestChosenColumnsNotFitted: columns the user chose are all drawn,
// however wide, and nothing is said.
func TestChosenColumnsNotFitted(t *testing.T) {
	for _, cols := range [][]string{{"all"}, {"note", "points_per_round", "side", "undercuts", "opportunities", "ci_high", "knocks"}} {
		var out, notes bytes.Buffer
		if err := Write(&out, Text, wide(), Layout{Aligned: true, Width: 40, Columns: cols, Notes: &notes}); err != nil {
			t.Fatal(err)
		}
		header := strings.Split(out.String(), "\n")[1]
		for _, c := range cols {
			if c != "all" && !strings.Contains(header, " "+c+" ") {
				t.Errorf("--columns %v: %s missing from %s", cols, c, header)
			}
		}
		if notes.Len() != 0 {
			t.Errorf("--columns %v: note %q", cols, notes.String())
		}
	}
}

func TestWrapText(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  []string
	}{
		{"", 5, []string{""}},
		{"short", 10, []string{"short"}},
		{"one two three", 7, []string{"one two", "three"}},
		{"one  two\tthree", 9, []string{"one two", "three"}},
		{"abcdefghij k", 4, []string{"abcd", "efgh", "ij k"}},
		{"abcdefgh", 4, []string{"abcd", "efgh"}},
		{"週週週 x", 4, []string{"週週", "週 x"}},
	} {
		got := strings.Split(wrapText(tc.in, tc.width), "\n")
		if !slices.Equal(got, tc.want) {
			t.Errorf("wrapText(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
	}
}

// TestRowWriterLayout: the streamed table chooses its columns and is
// fitted as Write's is, with one note at the end.
func TestRowWriterLayout(t *testing.T) {
	for _, tc := range []struct {
		name   string
		table  func() *Table
		format Format
		layout Layout
	}{
		{"columns piped", wide, Text, Layout{Columns: []string{"rate", "side"}}},
		{"columns csv", wide, CSV, Layout{Columns: []string{"note", "games"}}},
		{"columns json", wide, JSON, Layout{Columns: []string{"note", "games"}}},
		{"columns aligned", wide, Text, Layout{Aligned: true, Width: 20, Columns: []string{"note", "games"}}},
		{"fitted", wide, Text, Layout{Aligned: true, Width: 80}},
		{"fitted wrapped", described, Text, Layout{Aligned: true, Width: 60}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var want, wantNotes, got, gotNotes bytes.Buffer
			l := tc.layout
			l.Notes = &wantNotes
			if err := Write(&want, tc.format, tc.table(), l); err != nil {
				t.Fatal(err)
			}
			l.Notes = &gotNotes
			w, err := NewRowWriter(&got, tc.format, tc.table().Columns, l)
			if err != nil {
				t.Fatal(err)
			}
			for _, row := range tc.table().Rows {
				if err := w.Write(row); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() || gotNotes.String() != wantNotes.String() {
				t.Errorf("streamed\n%s%s\nwant what Write gives\n%s%s", got.String(), gotNotes.String(), want.String(), wantNotes.String())
			}
		})
	}
	if _, err := NewRowWriter(&bytes.Buffer{}, CSV, wide().Columns, Layout{Columns: []string{"sides"}}); err == nil {
		t.Error("NewRowWriter took an unknown column")
	}
}
