package logfile

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// read runs a Reader with lines of at most 8 bytes over data and returns
// the lines it passed on, as "n:text", and its errors.
func read(data string) (lines, errs []string) {
	r := &Reader{File: "f.csv", MaxLine: 8}
	r.EachLine([]byte(data), func(n int, text []byte) {
		lines = append(lines, fmt.Sprintf("%d:%s", n, text))
	})
	for _, e := range r.Errors {
		errs = append(errs, e.Error())
	}
	return lines, errs
}

func TestEachLine(t *testing.T) {
	for _, tc := range []struct {
		name        string
		data        string
		lines, errs []string
	}{
		{"lf", "a\nb\n", []string{"1:a", "2:b"}, nil},
		{"crlf without the last ending", "a\r\nb", []string{"1:a", "2:b"}, nil},
		{"byte order mark", "\xef\xbb\xbfa\r\n", []string{"1:a"}, nil},
		{"one blank line at the end", "a\n\n", []string{"1:a"}, nil},
		{"empty", "", nil, []string{"f.csv:1:0: empty-file: the file has no rows"}},
		{"white space only", "\xef\xbb\xbf \r\n\t\n", nil, []string{"f.csv:1:0: empty-file: the file has no rows"}},
		{"nul", "a\nb\x00\nc\n", nil, []string{"f.csv:2:0: binary: NUL byte: this is not a text log"}},
		{"control", "a\tb\nc\n", []string{"2:c"}, []string{"f.csv:1:0: binary: control or non-UTF-8 bytes: this is not a text log"}},
		{"not utf-8", "\xff\nc\n", []string{"2:c"}, []string{"f.csv:1:0: binary: control or non-UTF-8 bytes: this is not a text log"}},
		{"long line", "123456789\n12345678\n", []string{"2:12345678"}, []string{"f.csv:1:9: long-line: line longer than 8 bytes"}},
		{"blank lines between rows", "a\n\n\r\nb\n", []string{"1:a", "4:b"}, []string{"f.csv:2:0: blank-line: blank line between rows"}},
		{"blank lines at the end", "a\n\n\n\n", []string{"1:a"}, []string{"f.csv:3:0: blank-line: 3 blank lines at the end of the file"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines, errs := read(tc.data)
			if !slices.Equal(lines, tc.lines) || !slices.Equal(errs, tc.errs) {
				t.Errorf("got lines %q errors %q\nwant lines %q errors %q", lines, errs, tc.lines, tc.errs)
			}
		})
	}
}

// TestTooManyErrors checks that a file stops at MaxErrors defects and one
// too-many-errors, located at the line where it stopped.
func TestTooManyErrors(t *testing.T) {
	lines, errs := read(strings.Repeat("123456789\n", 30) + "ok\n")
	if len(lines) != 0 || len(errs) != MaxErrors+1 {
		t.Fatalf("got %d lines and %d errors, want 0 and %d", len(lines), len(errs), MaxErrors+1)
	}
	if want := fmt.Sprintf("f.csv:%d:0: too-many-errors: stopped after %d errors", MaxErrors+1, MaxErrors); errs[MaxErrors] != want {
		t.Errorf("last error %q, want %q", errs[MaxErrors], want)
	}
}

// FuzzEachLine checks the invariants of any file: every line passed on is
// numbered, within the limit, free of line endings, control bytes and
// invalid UTF-8; every error has a line, a code and a message; and the
// errors stop at MaxErrors and one more.
func FuzzEachLine(f *testing.F) {
	f.Add([]byte("\xef\xbb\xbfa,b\r\n\r\nc\x7f\n123456789\n\n\n"))
	f.Add([]byte("a\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &Reader{File: "f.csv", MaxLine: 8}
		last := 0
		r.EachLine(data, func(n int, text []byte) {
			if n <= last || len(text) == 0 || len(text) > r.MaxLine || hasControl(text) || bytes.ContainsAny(text, "\r\n") {
				t.Fatalf("line %d %q after line %d", n, text, last)
			}
			last = n
		})
		if len(r.Errors) > MaxErrors+1 {
			t.Fatalf("%d errors", len(r.Errors))
		}
		for _, e := range r.Errors {
			if e.Line < 1 || e.Code == "" || e.Msg == "" {
				t.Fatalf("error without a line, code or message: %+v", e)
			}
		}
	})
}
