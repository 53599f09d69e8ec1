package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/panics"
	"github.com/spf13/cobra"
)

var errKnown = errors.New("known")

// classify knows errKnown, as exit code 3.
func classify(_ *cobra.Command, err error) (int, bool) {
	if errors.Is(err, errKnown) {
		return 3, true
	}
	return 0, false
}

// TestExecute checks each outcome's exit code and what reaches stderr: a
// panic, in the command or captured in one of its goroutines, exits 70
// with its stack, never 2 or 1.
func TestExecute(t *testing.T) {
	tests := []struct {
		name       string
		run        func() error
		code       int
		stderr     string // its prefix
		stackTrace bool
	}{
		{"success", func() error { return nil }, ExitOK, "", false},
		{"known error", func() error { return fmt.Errorf("loading: %w", errKnown) }, 3, "prog: loading: known\n", false},
		{"unknown error", func() error { return errors.New("disk full") }, ExitError, "prog: disk full\n", false},
		{"interrupted", func() error { return fmt.Errorf("import: %w", context.Canceled) }, ExitInterrupted, "prog: import: context canceled\n", false},
		{"panic in the command", func() error { panic("boom") }, ExitInternal, "prog: internal error, a bug: boom\nplease report it with this stack:\n", true},
		{"panic captured in a goroutine", func() error {
			done := make(chan error)
			go func() {
				var err error
				defer func() { done <- err }()
				defer panics.Capture(&err)
				panic("boom")
			}()
			return <-done
		}, ExitInternal, "prog: internal error, a bug: boom\nplease report it with this stack:\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errb bytes.Buffer
			root := &cobra.Command{Use: "prog", SilenceErrors: true, SilenceUsage: true,
				RunE: func(*cobra.Command, []string) error { return tt.run() }}
			code := Execute(context.Background(), root, nil, &errb, "prog", classify)
			got := errb.String()
			if code != tt.code || !strings.HasPrefix(got, tt.stderr) || tt.stderr == "" && got != "" ||
				tt.stackTrace != strings.Contains(got, "cli_test.go") {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, got)
			}
		})
	}
}
