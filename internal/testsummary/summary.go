package main

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json's TestEvent, and the
// build events go test adds to it).
type event struct {
	Action     string
	Package    string
	ImportPath string // of build-output and build-fail
	Test       string
	Output     string
}

// line is one line of output and the test that printed it ("" for the
// package itself).
type line struct{ test, text string }

// pkgOutput is what a package printed so far, and which of its tests
// passed or skipped: go test shows the output of the others (failed, or
// still running when the package failed) only.
type pkgOutput struct {
	lines []line
	quiet map[string]bool
}

// skip is a test that skipped, and why.
type skip struct{ test, reason string }

// summary reads the events of one run and writes its report to out.
type summary struct {
	out                     io.Writer
	pkgs                    map[string]*pkgOutput
	passed, failed, skipped int
	skips                   []skip
	failedPkgs              []string // a timeout fails its package, not its test
	anyFailed               bool
}

// run reads the events on in, writes the report on out, and reports
// whether anything failed.
func run(in io.Reader, out io.Writer) (bool, error) {
	s := &summary{out: out, pkgs: map[string]*pkgOutput{}}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Fprintln(out, sc.Text())
			continue
		}
		s.add(e)
	}
	if err := sc.Err(); err != nil {
		return true, fmt.Errorf("read the events: %w", err)
	}
	// A package the input ended in the middle of did not finish: it
	// failed (go test was interrupted, or crashed).
	for _, pkg := range slices.Sorted(maps.Keys(s.pkgs)) {
		fmt.Fprintf(out, "%s did not finish\n", pkg)
		s.endPackage(pkg, true)
	}
	s.report()
	return s.anyFailed, nil
}

// add takes one event in.
func (s *summary) add(e event) {
	switch e.Action {
	case "build-output":
		fmt.Fprint(s.out, e.Output)
		return
	case "build-fail":
		s.anyFailed = true
		return
	}
	p := s.pkgs[e.Package]
	if p == nil {
		p = &pkgOutput{quiet: map[string]bool{}}
		s.pkgs[e.Package] = p
	}
	switch {
	case e.Action == "output":
		p.lines = append(p.lines, line{e.Test, e.Output})
	case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
		s.endPackage(e.Package, e.Action == "fail")
	case e.Action == "pass":
		s.passed++
		p.quiet[e.Test] = true
	case e.Action == "fail":
		s.failed++
	case e.Action == "skip":
		s.skipped++
		p.quiet[e.Test] = true
		s.skips = append(s.skips, skip{path.Base(e.Package) + "." + e.Test, reason(p.lines, e.Test)})
	}
}

// endPackage writes what go test would of a package that ended: its "ok"
// or "no test files" line, or, when it failed, its own output and that of
// its tests that did not pass or skip, without the "=== RUN" lines of -json's verbose mode.
func (s *summary) endPackage(pkg string, failed bool) {
	p := s.pkgs[pkg]
	delete(s.pkgs, pkg)
	if failed {
		s.anyFailed = true
		s.failedPkgs = append(s.failedPkgs, pkg)
	}
	for _, l := range p.lines {
		switch {
		case !failed && l.test == "" && (strings.HasPrefix(l.text, "ok ") || strings.HasPrefix(l.text, "? ")):
			fmt.Fprint(s.out, l.text)
		case failed && !p.quiet[l.test] && !strings.HasPrefix(l.text, "=== "):
			fmt.Fprint(s.out, l.text)
		}
	}
}

// logLine is a line of t.Log, t.Skip or t.Error output: indented, then
// the file and line that printed it.
var logLine = regexp.MustCompile(`^\s+[^\s:]+\.go:\d+: ?(.*)$`)

// reason returns the message test printed last before it skipped.
func reason(lines []line, test string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i].test != test {
			continue
		}
		if m := logLine.FindStringSubmatch(strings.TrimRight(lines[i].text, "\n")); m != nil {
			return m[1]
		}
	}
	return "(no reason given)"
}

// report writes the tally and the reasons for skipping, most frequent
// first, with the first few tests of each.
func (s *summary) report() {
	total := s.passed + s.failed + s.skipped
	plural := "s"
	if total == 1 {
		plural = ""
	}
	fmt.Fprintf(s.out, "%d test%s: %d passed, %d skipped, %d failed\n", total, plural, s.passed, s.skipped, s.failed)
	if len(s.failedPkgs) > 0 {
		fmt.Fprintf(s.out, "FAIL: %d package(s): %s\n", len(s.failedPkgs), strings.Join(s.failedPkgs, ", "))
	}
	byReason := map[string][]string{}
	for _, sk := range s.skips {
		byReason[sk.reason] = append(byReason[sk.reason], sk.test)
	}
	reasons := make([]string, 0, len(byReason))
	for r := range byReason {
		reasons = append(reasons, r)
	}
	slices.SortFunc(reasons, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(byReason[b]), len(byReason[a])), cmp.Compare(a, b))
	})
	for _, r := range reasons {
		fmt.Fprintf(s.out, "%3d skipped: %s (%s)\n", len(byReason[r]), r, names(byReason[r], 3))
	}
}

// names lists the first n tests, and how many more there are.
func names(tests []string, n int) string {
	if len(tests) <= n {
		return strings.Join(tests, ", ")
	}
	return fmt.Sprintf("%s, +%d more", strings.Join(tests[:n], ", "), len(tests)-n)
}
