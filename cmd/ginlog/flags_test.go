package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/spf13/cobra"
)

// formatRun is a command line that prints what --format chooses the form
// of, for TestFormatAnyCase, and its exit code. same says whether two
// runs print the same bytes (no timings in the output).
type formatRun struct {
	args []string
	code int
	same bool
}

// TestFormatAnyCase walks the tree: every command with --format has -f,
// a command that prints tables takes all four formats, and every format
// a command takes works in any case, printing what the lower-case name
// prints.
func TestFormatAnyCase(t *testing.T) {
	env := corpusDB(t, testenv.Sample)
	logs := testenv.Sample.Dir(t)
	out := filepath.Join(t.TempDir(), "dataset")
	runs := map[string]formatRun{
		"games":       {[]string{"games"}, exitOK, true},
		"opponents":   {[]string{"opponents"}, exitOK, true},
		"sources":     {[]string{"sources"}, exitOK, true},
		"query":       {[]string{"query", "summary"}, exitOK, true},
		"sql":         {[]string{"sql", "SELECT count(*) AS games FROM games"}, exitOK, true},
		"retrace":     {[]string{"retrace", "--player", "simple", logs}, exitRejected, true},
		"review":      {[]string{"review", "--deals", "2", "--game-id", "1"}, exitOK, true},
		"players":     {[]string{"players"}, exitNoMatch, true},
		"melds":       {[]string{"melds", "SA S2 S3 C5 C6 C7 D9 D10 DJ HQ HK"}, exitOK, true},
		"export":      {[]string{"export", "--weights", "default"}, exitOK, true},
		"fit":         {[]string{"fit", "--evaluate", "--weights", "default"}, exitOK, true},
		"ingest":      {[]string{"ingest", logs}, exitOK, false},
		"verify":      {[]string{"verify"}, exitOK, false},
		"simulate":    {[]string{"simulate", "-n", "2", "--no-logs"}, exitOK, false},
		"export-data": {[]string{"export-data", "-o", out}, exitOK, false},
	}
	tabular := []string{"games", "opponents", "sources", "query", "sql", "retrace", "fit", "review"}
	root := newRootCmd(&app{getenv: func(string) string { return "" }})
	for _, c := range root.Commands() {
		f := c.Flags().Lookup("format")
		if f == nil {
			continue
		}
		name := c.Name()
		t.Run(name, func(t *testing.T) {
			if f.Shorthand != "f" {
				t.Errorf("--format has short flag %q, want f", f.Shorthand)
			}
			values := formatValues(t, c)
			if slices.Contains(tabular, name) && !slices.Equal(values, []string{"table", "csv", "json", "markdown"}) {
				t.Errorf("formats %v, want table, csv, json and markdown", values)
			}
			run, ok := runs[name]
			if !ok {
				t.Fatalf("no command line to try its formats with: add one")
			}
			if testing.Short() {
				values = values[:1] // -short spells each command's first format; a plain run all
			}
			for _, v := range values {
				lower := runCmd(t, env, append(run.args, "--format", v)...)
				if lower.code != run.code {
					t.Fatalf("--format %s: exit %d: %s", v, lower.code, lower.err)
				}
				for _, spelt := range []string{strings.ToUpper(v), strings.ToUpper(v[:1]) + v[1:]} {
					r := runCmd(t, env, append(run.args, "-f", spelt)...)
					if r.code != run.code {
						t.Errorf("-f %s: exit %d: %s", spelt, r.code, r.err)
					} else if run.same && r.out != lower.out {
						t.Errorf("-f %s printed\n%s\nwant what --format %s printed:\n%s", spelt, r.out, v, lower.out)
					}
				}
			}
		})
	}
	for name := range runs {
		if c, _, err := root.Find([]string{name}); err != nil || c.Flags().Lookup("format") == nil {
			t.Errorf("%s has no --format", name)
		}
	}
}

// formatValues returns the values the completion of a command's --format
// offers: the formats it takes.
func formatValues(t *testing.T, c *cobra.Command) []string {
	t.Helper()
	fn, ok := c.GetFlagCompletionFunc("format")
	if !ok {
		t.Fatal("--format has no completion")
	}
	values, _ := fn(c, nil, "")
	return values
}

// TestCommandLineErrors checks the one-line messages of mistakes on the
// command line: unknown commands and flags with the nearest name, flag
// values of the wrong type, flags that need another.
func TestCommandLineErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{"bogus"}, "ginlog: bogus: unknown command; see ginlog --help"},
		{"mistyped command", []string{"qeury"}, "ginlog: qeury: unknown command (did you mean query?); see ginlog --help"},
		{"command prefix", []string{"op"}, "ginlog: op: unknown command (did you mean opponents?); see ginlog --help"},
		{"missing letter", []string{"sq"}, "ginlog: sq: unknown command (did you mean sql?); see ginlog --help"},
		{"prefix of two", []string{"ex"}, "ginlog: ex: unknown command (did you mean one of export or export-data?); see ginlog --help"},
		{"mistyped subcommand", []string{"bridge", "haskel"}, "ginlog: haskel: unknown command (did you mean haskell?); see ginlog bridge --help"},
		{"unknown flag", []string{"query", "--foo"}, "ginlog: --foo: unknown flag; see ginlog query --help"},
		{"mistyped flag", []string{"query", "summary", "--fromat", "csv"}, "ginlog: --fromat: unknown flag (did you mean --format?); see ginlog query --help"},
		{"flag prefix", []string{"query", "summary", "--opp", "bot7"}, "ginlog: --opp: unknown flag (did you mean --opponent?); see ginlog query --help"},
		{"a command as a flag", []string{"ingest", "--watch", "logs"}, "ginlog: --watch: unknown flag (did you mean the command ginlog watch?); see ginlog ingest --help"},
		{"unknown short flag", []string{"melds", "-x", "SA"}, "ginlog: -x: unknown flag; see ginlog melds --help"},
		{"unknown short flag in a group", []string{"rm", "-yz"}, "ginlog: -z: unknown flag; see ginlog rm --help"},
		{"flag without a value", []string{"simulate", "--out"}, "ginlog: --out: needs a value; see ginlog simulate --help"},
		{"not an integer", []string{"simulate", "-n", "many"}, `ginlog: --games: want an integer, got "many"; see ginlog simulate --help`},
		{"too large", []string{"simulate", "-n", "99999999999999999999"}, `ginlog: --games: want a smaller integer, got "99999999999999999999"; see ginlog simulate --help`},
		{"not a duration", []string{"sql", "--timeout", "5", "SELECT 1"}, `ginlog: --timeout: want a duration, such as 90s or 5m, got "5"; see ginlog sql --help`},
		{"not a list", []string{"rm", "--import", "a,b"}, `ginlog: --import: want a list of integers, such as 2,3, got "a,b"; see ginlog rm --help`},
		{"not a bool", []string{"rm", "--all=maybe"}, `ginlog: --all: want true or false, got "maybe"; see ginlog rm --help`},
		{"global flag", []string{"games", "--dbb", "x"}, "ginlog: --dbb: unknown flag (did you mean --db?); see ginlog games --help"},
		{"who on games", []string{"games", "--who", "both"}, "ginlog: --who: unknown flag; see ginlog games --help"},
		{"min-sample on games", []string{"games", "--min-sample", "3"}, "ginlog: --min-sample: unknown flag; see ginlog games --help"},
		{"min-sample on fit", []string{"fit", "--min-sample", "3"}, "ginlog: --min-sample: unknown flag; see ginlog fit --help"},
		{"metric without grid", []string{"query", "card-values", "--metric", "melded"}, "ginlog: --metric chooses the value --grid shows: give --grid with it"},
		{"who on a hearts query", []string{"query", "hearts-points", "--who", "both"}, "ginlog: --who is for the Gin queries: the rows of hearts-points are by player or seat"},
		{"min-sample without a rate", []string{"query", "hearts-games", "--min-sample", "3"}, "ginlog: --min-sample notes the small samples of a rate: hearts-games has none"},
		{"limit on gin", []string{"simulate", "--no-logs", "--limit", "50"}, "ginlog: --limit is the total that ends a Hearts game: give --game hearts with it"},
		{"compare on hearts", []string{"simulate", "--game", "hearts", "--no-logs", "--compare", "simple"}, "ginlog: --compare is for Gin matches"},
		{"no time on hearts", []string{"simulate", "--game", "hearts", "--no-logs", "--timeout", "0s"}, "ginlog: --players: --timeout: want a positive duration, got 0s"},
		{"argument to a command without", []string{"games", "bot7"}, `ginlog: games: takes no arguments, got "bot7"; see ginlog games --help`},
		{"too many arguments", []string{"sql", "SELECT 1", "SELECT 2"}, "ginlog: sql: want 1 argument, got 2; see ginlog sql --help"},
		{"bad format", []string{"games", "-f", "xml"}, `ginlog: --format: no format "xml"; want table, csv, json or markdown`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, map[string]string{"GINLOG_DB": filepath.Join(t.TempDir(), "none.duckdb")}, tc.args...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d", r.code, exitUsage)
			}
			if r.err != tc.want+"\n" {
				t.Errorf("stderr\n%q\nwant\n%q", r.err, tc.want+"\n")
			}
			if r.out != "" {
				t.Errorf("stdout %q, want nothing", r.out)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"format", "format", 0},
		{"fromat", "format", 1}, {"qeury", "query", 1}, {"ab", "ba", 1}, {"fomat", "format", 1}, {"formatt", "format", 1}, {"kitten", "sitting", 3},
	} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := editDistance(tc.b, tc.a); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
}
