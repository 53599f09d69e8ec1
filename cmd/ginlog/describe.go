package main

import (
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/queries"
)

// describeWidth is the width describeQuery wraps its paragraphs to.
const describeWidth = 76

// describeQuery explains a named query for query NAME --describe and
// query NAME --help: what it shows, the games it reads, what its cases
// and opportunities count, and its columns.
func describeQuery(q queries.Query) string {
	var b strings.Builder
	b.WriteString(wrap(q.Name+": "+q.Description, describeWidth))
	fmt.Fprintf(&b, "\nIt reads the %s games.\n", gameTitles[q.Game])
	if q.Rate != "" {
		b.WriteString("\n")
		b.WriteString(wrap("cases, of opportunities: "+q.Rate+".", describeWidth))
		b.WriteString(wrap("rate: cases divided by opportunities; ci_low and ci_high: its 95% Wilson interval; note: \"small sample\" on a row with fewer opportunities than --min-sample.", describeWidth))
	}
	b.WriteString("\n")
	b.WriteString(wrap("Columns: "+q.Columns, describeWidth))
	return b.String()
}

// wrap breaks text into lines of at most width characters at spaces (a
// longer word has a line of its own), each ending with a newline.
func wrap(text string, width int) string {
	var b strings.Builder
	line := 0
	for _, w := range strings.Fields(text) {
		switch {
		case line == 0:
		case line+1+len(w) > width:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	if line > 0 {
		b.WriteByte('\n')
	}
	return b.String()
}
