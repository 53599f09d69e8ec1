// Package panics turns a panic in a goroutine into an error that reaches
// the command's exit-code switch. A panic left alone in a goroutine other
// than main's ends the process with the Go runtime's exit status 2, which
// the command line uses for usage errors; captured, it is reported as an
// internal error with its stack.
package panics

import (
	"fmt"
	"runtime/debug"
)

// Error is a recovered panic: its value and the stack of the goroutine
// that panicked.
type Error struct {
	Value any
	Stack []byte
}

func (e *Error) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Unwrap returns the panic's value when it is an error.
func (e *Error) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// Capture recovers a panic of the calling goroutine into *err as an
// *Error. Defer it first thing in a goroutine whose function returns an
// error:
//
//	g.Go(func() (err error) {
//		defer panics.Capture(&err)
//		...
//	})
func Capture(err *error) {
	if r := recover(); r != nil {
		*err = &Error{Value: r, Stack: debug.Stack()}
	}
}
