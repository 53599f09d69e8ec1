// Package logfile holds what every game's log reader shares: the located
// defect FileError, the codes of the defects of a file as a whole, and
// Reader, which walks a text log's lines.
//
// A log file is UTF-8 text without a header, one row a line, each line
// ending in LF or CRLF (the last line's ending is optional). Reader
// enforces the rules every format has: an optional UTF-8 byte order mark
// is skipped; a file with nothing but white space is empty-file; a NUL
// byte anywhere is binary for the whole file, and a line with another
// control byte (tab included) or invalid UTF-8 is binary on its own; a
// line longer than the format's limit is long-line; a blank line is
// blank-line unless it is the very last one. A game's package (gin/logs,
// hearts/logs) parses the fields of the lines Reader hands it and reports
// its own defects through the same Reader, so that every file stops at
// MaxErrors defects.
//
// A FileError prints as file:line:column: code: message; the codes are
// stable, for scripts and the database's import_errors.
package logfile

import "fmt"

// The codes of a file's defects that do not depend on its format. Stable:
// scripts and the database use them.
const (
	CodeEmptyFile     = "empty-file"      // a file with no rows
	CodeBinary        = "binary"          // NUL bytes, control bytes or invalid UTF-8
	CodeLongLine      = "long-line"       // a line longer than the format's limit
	CodeBlankLine     = "blank-line"      // an empty line before the end of the file
	CodeUnreadable    = "unreadable"      // the file could not be read
	CodeTooManyErrors = "too-many-errors" // the rest of the file was not checked
)

// MaxErrors is how many defects are reported per file before giving up on
// it.
const MaxErrors = 20

// FileError is a located defect: file:line:column: code: message. Line is
// 1-based (0 for the whole file); Column is the 1-based byte column of the
// offending field or card (0 for the whole line).
type FileError struct {
	File   string
	Line   int
	Column int
	Code   string
	Msg    string
}

func (e *FileError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", e.File, e.Line, e.Column, e.Code, e.Msg)
}
