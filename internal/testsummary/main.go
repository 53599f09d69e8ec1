// Command testsummary reads the events of `go test -json` on its standard
// input and writes what a plain `go test` would have: the "ok" line of
// each package that passed, the output of each test that failed and of its
// package, the compiler's errors. It then writes a tally of the tests and
// one line per reason a test skipped, most frequent first:
//
//	412 tests: 400 passed, 12 skipped, 0 failed
//	  4 skipped: long test, skipped under -short: kills an import (ingest.TestKill, ginlog.TestIngestKilled, +2 more)
//
// When a package failed (a test failed, it did not build, or it timed
// out, which fails no test), a line after the tally names the packages
// that failed. A reason is the message of the test's last log line before it skipped
// (what t.Skip printed), without its file:line. Subtests count as tests.
//
// It exits 1 when a test or a package failed or did not build, and 0
// otherwise; scripts/test.sh pipes `go test -json ./...` into it. Lines
// of the input that are not events are copied as they are.
package main

import (
	"fmt"
	"os"
)

func main() {
	failed, err := run(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(2)
	}
	if failed {
		os.Exit(1)
	}
}
