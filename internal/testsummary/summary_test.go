package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// recorded returns the lines of testdata/short.json, recorded from
// `go test -json -short ./...` on a small module of four packages, whose
// package (or, for a build event, import path) starts with one of pkgs;
// every line when pkgs is empty. The packages: a passes and skips a test
// and a subtest, b fails a subtest and skips a test without a reason, c
// does not compile, d has no test files.
func recorded(t *testing.T, pkgs ...string) []string {
	t.Helper()
	data, err := os.ReadFile("testdata/short.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if l == "" {
			continue
		}
		keep := len(pkgs) == 0
		for _, p := range pkgs {
			keep = keep || strings.Contains(l, `"Package":"example.com/rec/`+p+`"`) ||
				strings.Contains(l, `"ImportPath":"example.com/rec/`+p+` `)
		}
		if keep {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no recorded line of %v", pkgs)
	}
	return out
}

func TestRun(t *testing.T) {
	a := recorded(t, "a")
	tests := []struct {
		name   string
		in     []string
		want   string
		failed bool
	}{
		{
			name: "pass and skips",
			in:   a,
			want: "ok  \texample.com/rec/a\t0.045s\n" +
				"5 tests: 3 passed, 2 skipped, 0 failed\n" +
				"  1 skipped: ghc not installed (Debian package ghc) (a.TestTable/two)\n" +
				"  1 skipped: long test, skipped under -short: plays 1,000 games (a.TestLong)\n",
		},
		{
			name: "a failed subtest",
			in:   recorded(t, "b"),
			want: "    b_test.go:8: before\n" +
				"    b_test.go:9: got 1, want 2\n" +
				"--- FAIL: TestBad/sub (0.00s)\n" +
				"--- FAIL: TestBad (0.00s)\n" +
				"FAIL\n" +
				"FAIL\texample.com/rec/b\t0.123s\n" +
				"4 tests: 1 passed, 1 skipped, 2 failed\n" +
				"FAIL: 1 package(s): example.com/rec/b\n" +
				"  1 skipped: (no reason given) (b.TestNoReason)\n",
			failed: true,
		},
		{
			name: "a build failure",
			in:   recorded(t, "c"),
			want: "# example.com/rec/c [example.com/rec/c.test]\n" +
				"c/c_test.go:5:40: cannot use \"s\" (untyped string constant) as int value in variable declaration\n" +
				"FAIL\texample.com/rec/c [build failed]\n" +
				"0 tests: 0 passed, 0 skipped, 0 failed\n" +
				"FAIL: 1 package(s): example.com/rec/c\n",
			failed: true,
		},
		{
			name: "no test files",
			in:   recorded(t, "d"),
			want: "?   \texample.com/rec/d\t[no test files]\n" +
				"0 tests: 0 passed, 0 skipped, 0 failed\n",
		},
		{
			name: "interrupted",
			in:   a[:9], // ends as TestLong logs
			want: "example.com/rec/a did not finish\n" +
				"    a_test.go:9: long test, skipped under -short: plays 1,000 games\n" +
				"1 test: 1 passed, 0 skipped, 0 failed\n" +
				"FAIL: 1 package(s): example.com/rec/a\n",
			failed: true,
		},
		{
			name: "lines that are not events",
			in:   append([]string{"go: downloading example.com/x v1.0.0\n", "{}\n"}, recorded(t, "d")...),
			want: "go: downloading example.com/x v1.0.0\n" +
				"{}\n" +
				"?   \texample.com/rec/d\t[no test files]\n" +
				"0 tests: 0 passed, 0 skipped, 0 failed\n",
		},
		{
			name: "the whole run, skips counted across packages",
			in:   recorded(t),
			want: "ok  \texample.com/rec/a\t0.045s\n" +
				"# example.com/rec/c [example.com/rec/c.test]\n" +
				"c/c_test.go:5:40: cannot use \"s\" (untyped string constant) as int value in variable declaration\n" +
				"FAIL\texample.com/rec/c [build failed]\n" +
				"    b_test.go:8: before\n" +
				"    b_test.go:9: got 1, want 2\n" +
				"--- FAIL: TestBad/sub (0.00s)\n" +
				"--- FAIL: TestBad (0.00s)\n" +
				"FAIL\n" +
				"FAIL\texample.com/rec/b\t0.123s\n" +
				"?   \texample.com/rec/d\t[no test files]\n" +
				"9 tests: 4 passed, 3 skipped, 2 failed\n" +
				"FAIL: 2 package(s): example.com/rec/c, example.com/rec/b\n" +
				"  1 skipped: (no reason given) (b.TestNoReason)\n" +
				"  1 skipped: ghc not installed (Debian package ghc) (a.TestTable/two)\n" +
				"  1 skipped: long test, skipped under -short: plays 1,000 games (a.TestLong)\n",
			failed: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			failed, err := run(strings.NewReader(strings.Join(tt.in, "")), &out)
			if err != nil {
				t.Fatal(err)
			}
			if failed != tt.failed {
				t.Errorf("failed = %v, want %v", failed, tt.failed)
			}
			if got := out.String(); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestReasons checks the grouping: one line per reason, the most frequent
// first, at most three tests named on a line.
func TestReasons(t *testing.T) {
	var in strings.Builder
	skipped := func(test, msg string) {
		in.WriteString(`{"Action":"output","Package":"x/p","Test":"` + test + `","Output":"    p_test.go:3: ` + msg + `\n"}` + "\n")
		in.WriteString(`{"Action":"skip","Package":"x/p","Test":"` + test + `"}` + "\n")
	}
	for _, name := range []string{"TestA", "TestB", "TestC", "TestD"} {
		skipped(name, "long test, skipped under -short: kills")
	}
	skipped("TestE", "CI is not set")
	in.WriteString(`{"Action":"pass","Package":"x/p"}` + "\n")
	var out bytes.Buffer
	if _, err := run(strings.NewReader(in.String()), &out); err != nil {
		t.Fatal(err)
	}
	want := "5 tests: 0 passed, 5 skipped, 0 failed\n" +
		"  4 skipped: long test, skipped under -short: kills (p.TestA, p.TestB, p.TestC, +1 more)\n" +
		"  1 skipped: CI is not set (p.TestE)\n"
	if got := out.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
