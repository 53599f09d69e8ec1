//go:build !unix

package ingest

import (
	"os"
	"testing"
)

// needFIFO skips a test that needs named pipes, a Unix feature (and fails
// it under CI).
func needFIFO(t *testing.T, path string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("named pipes are a Unix feature: cannot make %s", path)
	}
	t.Skip("named pipes are a Unix feature")
}
