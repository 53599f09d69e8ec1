// Package sqltext reads the text of the embedded .sql files that hold more
// than one statement.
package sqltext

import "strings"

// Statements splits a file of statements, each ended by a semicolon at the
// end of a line, into the statements, its comment lines dropped, so that
// each may be run on its own with arguments (a prepared statement holds
// one statement). A semicolon inside a line (in a string) does not split.
func Statements(text string) []string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			lines = append(lines, strings.TrimRight(l, " \t\r"))
		}
	}
	var out []string
	for _, s := range strings.Split(strings.Join(lines, "\n"), ";\n") {
		if s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ";")); s != "" {
			out = append(out, s)
		}
	}
	return out
}
