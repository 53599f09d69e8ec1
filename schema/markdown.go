package schema

import (
	"fmt"
	"strings"
)

// Markdown renders the description as the reference part of
// docs/schema.md: the ENUM types with their values, then each table with
// its comment and a row per column (name, type, comment).
func (d *Description) Markdown() string {
	var b strings.Builder
	b.WriteString("### Types\n\n")
	b.WriteString("| type | values, in order (`enum_code` 0, 1, ...) |\n|---|---|\n")
	for _, e := range d.Enums {
		values := make([]string, len(e.Values))
		for i, v := range e.Values {
			values[i] = "`" + v + "`"
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", e.Name, strings.Join(values, " "))
	}
	for _, t := range d.Tables {
		fmt.Fprintf(&b, "\n### `%s`\n\n", t.Name)
		if t.Comment != "" {
			b.WriteString(text(t.Comment) + "\n\n")
		}
		b.WriteString("| column | type | description |\n|---|---|---|\n")
		for _, c := range t.Columns {
			fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", c.Name, c.declared(), text(c.Comment))
		}
	}
	return b.String()
}

// declared returns the column's type with its constraints, as DDL says it.
func (c *Column) declared() string {
	switch {
	case c.Key:
		return c.Type + " PRIMARY KEY"
	case !c.Nullable:
		return c.Type + " NOT NULL"
	}
	return c.Type
}

// text escapes a comment for a Markdown paragraph or table cell: a pipe
// would end the cell, an asterisk could start emphasis, and <timestamp>
// would be read as an HTML tag.
var text = strings.NewReplacer("|", `\|`, "*", `\*`, "<", "&lt;", ">", "&gt;", "\n", " ").Replace
