package sandbox

import (
	_ "embed"
	"strconv"
	"strings"
)

//go:embed sql/limit.sql
var limitSQL string

// limitHead and limitTail are sql/limit.sql without its comment lines,
// before and after the statement; the number of rows ends the tail.
var limitHead, limitTail = splitLimit(limitSQL)

// splitLimit drops the comment lines of the limit template and cuts it at
// its two places.
func splitLimit(text string) (head, tail string) {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if !strings.HasPrefix(l, "--") {
			lines = append(lines, l)
		}
	}
	head, tail, _ = strings.Cut(strings.Join(lines, "\n"), "{statement}")
	return head, strings.TrimSuffix(tail, "{rows}")
}

// Limit returns query, a single SELECT statement, run under LIMIT n: the
// statement as a subquery, its trailing semicolon and what follows it cut.
//
// The DuckDB driver materializes a whole result before it returns the
// first row, and that result is not held to DuckDB's memory_limit: a LIMIT
// is what bounds it. The subquery keeps its own ORDER BY and LIMIT.
func Limit(query string, n int64) string {
	return limitHead + cutAtSemicolon(query) + limitTail + strconv.FormatInt(n, 10)
}

// cutAtSemicolon returns query up to its first semicolon outside string
// literals, quoted identifiers, dollar-quoted strings and comments: for a
// single statement, the statement without its terminator. A comment left
// at the end is harmless before the newline Limit adds.
func cutAtSemicolon(q string) string {
	for i := 0; i < len(q); {
		switch c := q[i]; {
		case c == ';':
			return q[:i]
		case c == '\'':
			// E'...' strings escape with a backslash; others double the quote.
			i = skipQuoted(q, i, '\'', i > 0 && (q[i-1] == 'E' || q[i-1] == 'e') && (i == 1 || !isIdent(q[i-2])))
		case c == '"':
			i = skipQuoted(q, i, '"', false)
		case c == '-' && strings.HasPrefix(q[i:], "--"):
			if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				return q
			}
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			i = skipBlockComment(q, i)
		case c == '$' && (i == 0 || !isIdent(q[i-1])):
			i = skipDollar(q, i)
		default:
			i++
		}
	}
	return q
}

// skipQuoted returns the index after the literal that starts at q[i]
// with quote; a doubled quote, or with backslash a backslash, escapes.
func skipQuoted(q string, i int, quote byte, backslash bool) int {
	for j := i + 1; j < len(q); j++ {
		switch {
		case backslash && q[j] == '\\':
			j++
		case q[j] == quote && j+1 < len(q) && q[j+1] == quote:
			j++
		case q[j] == quote:
			return j + 1
		}
	}
	return len(q)
}

// skipBlockComment returns the index after the comment at q[i], which may
// nest.
func skipBlockComment(q string, i int) int {
	depth := 0
	for j := i; j < len(q)-1; j++ {
		switch {
		case q[j] == '/' && q[j+1] == '*':
			depth++
			j++
		case q[j] == '*' && q[j+1] == '/':
			depth--
			j++
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(q)
}

// skipDollar returns the index after the dollar-quoted string $tag$...$tag$
// at q[i], or after the '$' if none starts there (a parameter such as $1).
func skipDollar(q string, i int) int {
	j := i + 1
	for j < len(q) && isIdent(q[j]) && !(j == i+1 && q[j] >= '0' && q[j] <= '9') {
		j++
	}
	if j >= len(q) || q[j] != '$' {
		return i + 1
	}
	tag := q[i : j+1]
	if k := strings.Index(q[j+1:], tag); k >= 0 {
		return j + 1 + k + len(tag)
	}
	return len(q)
}

func isIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
