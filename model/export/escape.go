package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The generated code embeds only numbers, validated names and escaped
// text: string literals escaped for the target language, and comments
// made of printable ASCII alone, without line breaks, so that no text from
// a weights file can end a comment or a literal.

// num writes a float so that both Go and Haskell read it back exactly. The
// weights are validated first: v is finite.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// hsNum writes a Haskell Double literal; negatives are parenthesised.
func hsNum(v float64) string {
	if math.Signbit(v) {
		return "(" + num(v) + ")"
	}
	return num(v)
}

// join formats each of vs and joins them with commas: the elements of a
// Go composite literal or a Haskell list.
func join[T any](vs []T, format func(T) string) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = format(v)
	}
	return strings.Join(parts, ", ")
}

// hsString writes s as a Haskell string literal: printable ASCII as is
// (but for the quote and the backslash), every other character as a
// decimal escape, followed by \& when a digit comes next. Invalid UTF-8
// bytes become U+FFFD.
func hsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, `\%d`, r)
			if i < len(s) && s[i] >= '0' && s[i] <= '9' {
				b.WriteString(`\&`)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// commentWidth is where comment text is wrapped.
const commentWidth = 72

// comment folds text into comment lines joined by "\n"+prefix: its words
// (split at any white space, line breaks included) with every character
// but printable ASCII written as a Go escape (\u00e9, \x00).
func comment(prefix, text string) string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		word = printable(word)
		if len(line)+len(word) > commentWidth && line != "" {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	lines = append(lines, line)
	return strings.Join(lines, "\n"+prefix)
}

// printable returns s with every character but printable ASCII escaped.
func printable(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		default:
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		}
		i += size
	}
	return b.String()
}
