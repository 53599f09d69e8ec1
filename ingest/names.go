package ingest

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// display returns a path as errors and the database show it: valid UTF-8
// with every invalid byte and control character written as \xNN, so that
// a file name can neither break the database's text columns nor the
// terminal's lines.
func display(s string) string {
	if validName(s) && !strings.ContainsFunc(s, isControl) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || isControl(r) {
			for _, c := range []byte(s[i : i+n]) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// validName reports whether a path is valid UTF-8: the paths of the games
// loaded are stored as text.
func validName(s string) bool { return utf8.ValidString(s) }

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
