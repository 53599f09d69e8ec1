package panics

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestCapture(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fn      func() error
		want    string // the error's message, "" for none
		wrapsIO bool
	}{
		{"no panic", func() error { return nil }, "", false},
		{"error returned", func() error { return io.EOF }, "EOF", true},
		{"panic with a string", func() error { panic("boom") }, "panic: boom", false},
		{"panic with an error", func() error { panic(io.ErrUnexpectedEOF) }, "panic: unexpected EOF", false},
		{"index out of range", func() error {
			var a []int
			return errors.New(string(rune(a[3])))
		}, "panic: runtime error: index out of range [3] with length 0", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan error)
			go func() {
				var err error
				func() {
					defer Capture(&err)
					err = tc.fn()
				}()
				done <- err
			}()
			err := <-done
			if tc.want == "" {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				return
			}
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if errors.Is(err, io.EOF) != tc.wrapsIO {
				t.Errorf("errors.Is(err, io.EOF) = %v", !tc.wrapsIO)
			}
			var pe *Error
			if errors.As(err, &pe) && !strings.Contains(string(pe.Stack), "panics_test.go") {
				t.Errorf("the stack does not show where the panic happened:\n%s", pe.Stack)
			}
		})
	}
	if !errors.Is(&Error{Value: io.ErrUnexpectedEOF}, io.ErrUnexpectedEOF) {
		t.Error("a panic with an error does not wrap it")
	}
}
