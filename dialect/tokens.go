package dialect

import (
	"slices"
	"strings"
)

type tokenKind int

const (
	other   tokenKind = iota
	word              // an identifier or keyword
	quoted            // a string literal or quoted identifier
	comment           // -- to the end of the line
	space
)

type token struct {
	kind tokenKind
	text string
}

// tokenize splits SQL into tokens; joined again they give the text back.
func tokenize(sql string) []token {
	var out []token
	for i := 0; i < len(sql); {
		c := sql[i]
		j := i + 1
		kind := other
		switch {
		case c == '-' && j < len(sql) && sql[j] == '-':
			kind = comment
			for j < len(sql) && sql[j] != '\n' {
				j++
			}
		case c == '\'' || c == '"' || c == '`':
			kind = quoted
			for j < len(sql) {
				if sql[j] == '\\' && c == '\'' {
					j += 2
					continue
				}
				if sql[j] == c {
					if j+1 < len(sql) && sql[j+1] == c {
						j += 2
						continue
					}
					j++
					break
				}
				j++
			}
			j = min(j, len(sql))
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			kind = space
			for j < len(sql) && strings.IndexByte(" \t\n\r", sql[j]) >= 0 {
				j++
			}
		case isWordByte(c):
			kind = word
			for j < len(sql) && (isWordByte(sql[j]) || sql[j] >= '0' && sql[j] <= '9') {
				j++
			}
		}
		out = append(out, token{kind, sql[i:j]})
		i = j
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// notCalls are keywords that a parenthesis may follow.
var notCalls = []string{"AS", "IN", "ON", "AND", "OR", "NOT", "FROM", "JOIN", "USING", "EXISTS", "OVER", "VALUES",
	"WITH", "SELECT", "WHERE", "BY", "SETS", "THEN", "ELSE", "WHEN", "IS", "ALL", "ANY", "UNION", "CASE", "END", "ARRAY",
	"TABLE", "VIEW", "EXCEPT", "INTERSECT", "FILTER", "PARTITIONED", "OPTIONS", "ROLLUP", "CUBE", "LATERAL", "IF"}

// Calls returns the functions a statement calls, lowercased, each once,
// in order of first use: every word directly followed by "(" that is not
// a keyword nor the name being defined by AS (a common table expression).
// CAST counts as a function.
func Calls(sql string) []string {
	var toks []token
	for _, t := range tokenize(sql) {
		if t.kind != space && t.kind != comment {
			toks = append(toks, t)
		}
	}
	var out []string
	for i, t := range toks {
		if t.kind != word || i+1 >= len(toks) || toks[i+1].text != "(" {
			continue
		}
		if slices.Contains(notCalls, strings.ToUpper(t.text)) {
			continue
		}
		if i+2 < len(toks) && strings.EqualFold(toks[i+2].text, "SELECT") {
			continue // a subquery
		}
		if i > 0 && (strings.EqualFold(toks[i-1].text, "TABLE") || strings.EqualFold(toks[i-1].text, "VIEW")) {
			continue
		}
		if i+1 < len(toks) && isDefinition(toks, i) {
			continue
		}
		name := strings.ToLower(t.text)
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// isDefinition reports whether the word at i names a common table
// expression: "name AS (" or "name (cols) AS (".
func isDefinition(toks []token, i int) bool {
	if i > 0 && strings.EqualFold(toks[i-1].text, "AS") {
		return false
	}
	depth := 0
	for j := i + 1; j < len(toks); j++ {
		switch toks[j].text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return j+1 < len(toks) && strings.EqualFold(toks[j+1].text, "AS") && j+2 < len(toks) && toks[j+2].text == "("
			}
		}
	}
	return false
}
