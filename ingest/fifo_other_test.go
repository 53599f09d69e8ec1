//go:build !unix

package ingest

import (
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// needFIFO skips a test that needs named pipes, a Unix feature (and fails
// it under CI).
func needFIFO(t *testing.T, path string) {
	t.Helper()
	testenv.Missing(t, "named pipes are a Unix feature: cannot make %s", path)
}
