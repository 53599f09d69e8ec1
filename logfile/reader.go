package logfile

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// Reader walks the lines of one file and collects its defects, located.
// Set File and MaxLine, call EachLine once, and report the format's own
// defects with Fail; Errors is then the file's defects, at most MaxErrors
// and a last too-many-errors.
type Reader struct {
	File    string // the name the errors carry
	MaxLine int    // the longest line accepted, in bytes
	Errors  []*FileError
	done    bool // too many errors: stop checking
}

// Fail records a defect at line and column. After MaxErrors defects it
// records one too-many-errors at line and ignores every later one, and
// EachLine stops.
func (r *Reader) Fail(line, col int, code, format string, args ...any) {
	if r.done {
		return
	}
	if len(r.Errors) == MaxErrors {
		r.Errors = append(r.Errors, &FileError{File: r.File, Line: line, Code: CodeTooManyErrors, Msg: fmt.Sprintf("stopped after %d errors", MaxErrors)})
		r.done = true
		return
	}
	r.Errors = append(r.Errors, &FileError{File: r.File, Line: line, Column: col, Code: code, Msg: fmt.Sprintf(format, args...)})
}

// EachLine calls fn with every line of data (without its line ending, CRLF
// or LF) and its 1-based number, after checking the file-level rules (see
// the package comment): not empty, not binary, lines not too long, blank
// only as the very last line. A line that breaks a rule is reported and
// not passed to fn.
func (r *Reader) EachLine(data []byte, fn func(line int, text []byte)) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		r.Fail(1, 0, CodeEmptyFile, "the file has no rows")
		return
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		r.Fail(bytes.Count(data[:i], []byte("\n"))+1, 0, CodeBinary, "NUL byte: this is not a text log")
		return
	}
	blank, blanks := 0, 0 // the first of a run of blank lines, and its length
	for n := 1; len(data) > 0 && !r.done; n++ {
		text := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		text = bytes.TrimSuffix(text, []byte("\r"))
		if len(text) == 0 {
			if blanks == 0 {
				blank = n
			}
			blanks++
			continue
		}
		if blanks > 0 {
			r.Fail(blank, 0, CodeBlankLine, "blank line between rows")
			blanks = 0
		}
		switch {
		case len(text) > r.MaxLine:
			r.Fail(n, r.MaxLine+1, CodeLongLine, "line longer than %d bytes", r.MaxLine)
		case !utf8.Valid(text) || hasControl(text):
			r.Fail(n, 0, CodeBinary, "control or non-UTF-8 bytes: this is not a text log")
		default:
			fn(n, text)
		}
	}
	// One blank line at the very end is fine; more are not.
	if blanks > 1 {
		r.Fail(blank+1, 0, CodeBlankLine, "%d blank lines at the end of the file", blanks)
	}
}

func hasControl(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c == 0x7f {
			return true
		}
	}
	return false
}
