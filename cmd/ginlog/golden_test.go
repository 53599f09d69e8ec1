package main

import (
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// TestOutputsGolden keeps the outputs this file's commands print in
// golden files: the root's help with the short flags and exit codes, and
// retrace's JSON, whose keys are the table's columns.
func TestOutputsGolden(t *testing.T) {
	logs := testenv.Sample.Dir(t)
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"help-root.txt", []string{"--help"}, exitOK},
		{"retrace-json.txt", []string{"retrace", "--player", "simple", "-n", "3", "-f", "JSON", logs}, exitRejected},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.err)
			}
			golden(t, tc.name, r.out)
		})
	}
}
