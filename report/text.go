package report

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Text renders what the page says and draws as plain text: the summary,
// the leaks, the ranked tendencies, and each chart's title and data table. It is
// what the golden files hold: the report's content without the SVG
// bytes, which depend on the renderer's fonts, and without the time.
func (pg *page) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n%s\n", pg.Title, pg.Scope)
	if len(pg.Charts) > 0 { // a report of Gin Rummy games, not only of others
		b.WriteString("\n## summary\n")
		for _, h := range pg.Headline {
			fmt.Fprintf(&b, "%s: %s", h.Label, h.Value)
			if h.Note != "" {
				fmt.Fprintf(&b, " (%s)", h.Note)
			}
			b.WriteString("\n")
		}
		if l := pg.Leaks; l != nil {
			fmt.Fprintf(&b, "\n## your leaks\n%s\n", l.Note)
			for i, line := range l.Listed {
				fmt.Fprintf(&b, "%d. %s %s %s\n", i+1, line.Sentence, line.Cost, line.Worst)
			}
			if l.Chart != nil {
				writeChart(&b, *l.Chart)
			}
		}
		b.WriteString("\n## the opponent's tendencies\n")
		for i, t := range pg.Tendencies.Listed {
			fmt.Fprintf(&b, "%d. [%s, gap %.3f] %s %s\n", i+1, t.Measure, t.Gap, t.Sentence(), t.Advice())
		}
		if pg.Tendencies.Empty != "" {
			b.WriteString(pg.Tendencies.Empty + "\n")
		}
	}
	for _, s := range pg.Sections() {
		fmt.Fprintf(&b, "\n## %s\n", s.Heading)
		for _, row := range s.Rows {
			for _, c := range row {
				writeChart(&b, c)
			}
		}
	}
	for _, g := range pg.Games {
		b.WriteString("\n")
		if g.Title != "" { // a section of a Gin Rummy report
			fmt.Fprintf(&b, "# %s\n", g.Title)
		}
		fmt.Fprintf(&b, "%s\n\n## summary\n", g.Intro)
		for _, h := range g.Headline {
			fmt.Fprintf(&b, "%s: %s", h.Label, h.Value)
			if h.Note != "" {
				fmt.Fprintf(&b, " (%s)", h.Note)
			}
			b.WriteString("\n")
		}
		for _, c := range g.Charts {
			writeChart(&b, c)
		}
	}
	return b.String()
}

// writeChart writes a chart's id, title and data table.
func writeChart(b *strings.Builder, c chart) {
	fmt.Fprintf(b, "\n### %s: %s\n", c.ID, c.Title)
	writeTable(b, c.Header, c.Rows)
}

// writeTable writes a header and rows in aligned columns.
func writeTable(b *strings.Builder, header []string, rows [][]string) {
	widths := make([]int, len(header))
	for _, r := range append([][]string{header}, rows...) {
		for i, cell := range r {
			if i < len(widths) {
				widths[i] = max(widths[i], utf8.RuneCountInString(cell))
			}
		}
	}
	for _, r := range append([][]string{header}, rows...) {
		var line strings.Builder
		for i, cell := range r {
			if i > 0 {
				line.WriteString("  ")
			}
			line.WriteString(cell)
			if i < len(r)-1 && i < len(widths) {
				line.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(cell)))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
