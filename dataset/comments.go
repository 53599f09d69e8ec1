package dataset

import (
	"regexp"
	"strings"
)

// comments are the DDL's documentation: a comment per table (the comment
// lines just above its CREATE TABLE), per column (the comment at the end of
// its line) and per type (above its CREATE TYPE). COMMENT ON statements
// override them.
type comments struct {
	tables  map[string]string
	columns map[string]map[string]string
	types   map[string]string
}

var (
	createTable   = regexp.MustCompile(`^CREATE TABLE (?:IF NOT EXISTS )?(\w+)\s*\(`)
	createType    = regexp.MustCompile(`^CREATE TYPE (\w+) AS ENUM`)
	columnLine    = regexp.MustCompile(`^\s+(\w+)\s+[A-Za-z][^-]*?(?:--\s*(.*))?$`)
	commentOn     = regexp.MustCompile(`(?is)COMMENT ON (TABLE|COLUMN) ([\w.]+) IS '((?:[^']|'')*)'`)
	constraintKey = regexp.MustCompile(`^(PRIMARY|UNIQUE|FOREIGN|CHECK|CONSTRAINT)$`)
)

// parseComments reads the documentation of the DDL files, oldest first.
func parseComments(ddl []string) comments {
	c := comments{tables: map[string]string{}, columns: map[string]map[string]string{}, types: map[string]string{}}
	for _, text := range ddl {
		var above []string
		table := ""
		for _, line := range strings.Split(text, "\n") {
			trimmed := strings.TrimSpace(line)
			switch {
			case table != "" && strings.HasPrefix(trimmed, ")"):
				table = ""
			case table != "":
				if m := columnLine.FindStringSubmatch(line); m != nil && !constraintKey.MatchString(strings.ToUpper(m[1])) {
					c.columns[table][m[1]] = strings.TrimSpace(m[2])
				}
			case strings.HasPrefix(trimmed, "--"):
				above = append(above, strings.TrimSpace(strings.TrimPrefix(trimmed, "--")))
				continue
			default:
				if m := createTable.FindStringSubmatch(trimmed); m != nil {
					table = m[1]
					c.tables[table] = strings.Join(above, " ")
					if c.columns[table] == nil {
						c.columns[table] = map[string]string{}
					}
				} else if m := createType.FindStringSubmatch(trimmed); m != nil {
					c.types[m[1]] = strings.Join(above, " ")
				}
			}
			above = nil
		}
		for _, m := range commentOn.FindAllStringSubmatch(text, -1) {
			text := strings.ReplaceAll(m[3], "''", "'")
			if strings.EqualFold(m[1], "table") {
				c.tables[m[2]] = text
				continue
			}
			if t, col, ok := strings.Cut(m[2], "."); ok {
				if c.columns[t] == nil {
					c.columns[t] = map[string]string{}
				}
				c.columns[t][col] = text
			}
		}
	}
	return c
}
