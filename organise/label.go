package organise

import (
	"errors"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// The limits on a tag value (an opponent or a source): a real label is a
// bot's or a week's name, and a value is written into file names (by
// export-data) and into tab-separated and table output. Within both
// limits, export-data's folder name source=VALUE, where ASCII punctuation
// takes 3 bytes, stays under 255 bytes: at most 7 + 237 (19 escaped ASCII
// characters and 45 of 4 bytes, found by exhaustive search).
const (
	MaxLabelChars = 64  // characters
	MaxLabelBytes = 200 // bytes of UTF-8
)

// ErrBadLabel reports a tag value CheckLabel refuses.
var ErrBadLabel = errors.New("not a usable tag")

// CheckLabel checks a tag value, as ingest --opponent and --source, tag
// --set-opponent and --set-source and watch take it: valid UTF-8, no
// control character (tab, newline, escape...) nor line or paragraph
// separator, at most MaxLabelChars characters and MaxLabelBytes bytes.
// The empty value (no tag) is valid. The error wraps ErrBadLabel and shows
// the start of the value, escaped.
func CheckLabel(v string) error {
	if !utf8.ValidString(v) {
		return fmt.Errorf("%s: %w: it is not valid UTF-8", shown(v), ErrBadLabel)
	}
	if n := utf8.RuneCountInString(v); n > MaxLabelChars || len(v) > MaxLabelBytes {
		return fmt.Errorf("%s: %w: %d characters, %d bytes; a tag holds at most %d characters and %d bytes",
			shown(v), ErrBadLabel, n, len(v), MaxLabelChars, MaxLabelBytes)
	}
	for i, r := range []rune(v) {
		if unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp) {
			return fmt.Errorf("%s: %w: character %d is the control character %s; a tag is one line of printable text",
				shown(v), ErrBadLabel, i+1, strconv.QuoteRuneToASCII(r))
		}
	}
	return nil
}

// shown is the start of a value, quoted with its control characters and
// invalid bytes escaped.
func shown(v string) string {
	const most = 24
	if utf8.RuneCountInString(v) <= most {
		return strconv.Quote(v)
	}
	cut := 0
	for i := 0; i < most; i++ {
		_, size := utf8.DecodeRuneInString(v[cut:])
		cut += size
	}
	return strconv.Quote(v[:cut]) + "..."
}
