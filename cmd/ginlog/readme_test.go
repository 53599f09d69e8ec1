package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// The README's tour ("A ten-minute tour: from logs to a better bot") is
// run as written by TestReadmeTour (readme_unix_test.go), read from the
// README itself: a command the README adds, drops or changes is run as it
// now reads. These are the few liberties the run takes, each because the
// line cannot run unattended as written; TestReadmeTourLines checks that
// the README still holds the lines they apply to.
const (
	// tourBuild is the tour's first line, run from the module's root with
	// the binary written into the tour's folder instead.
	tourBuild = "go build -o ginlog ./cmd/ginlog"
	// tourWatch starts a line that runs until Ctrl-C: it is stopped by an
	// interrupt once it watches.
	tourWatch = "./ginlog watch "
	// tourGames is the --games of every line, fewer than the README's so
	// that the test takes a minute or two.
	tourGames = "10"
)

// tourLine is one command line of the README's tour.
type tourLine struct {
	step int    // the step it belongs to, 1 to 7 (0: before step 1)
	text string // the line as the README writes it, its comment left out
}

// tourStep matches a comment that opens a step of the tour: "# 7. Your own bot".
var tourStep = regexp.MustCompile(`^# (\d+)\. `)

// tourGamesFlag matches the game count of a line.
var tourGamesFlag = regexp.MustCompile(`--games \d+`)

// readTour reads the command lines of the README's tour: those of the
// first sh block after its heading.
func readTour(t testing.TB) []tourLine {
	t.Helper()
	readme, err := os.ReadFile(filepath.Join(testenv.Root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, tour, ok := strings.Cut(string(readme), "\n## A ten-minute tour")
	if ok {
		_, tour, ok = strings.Cut(tour, "\n```sh\n")
	}
	if ok {
		tour, _, ok = strings.Cut(tour, "\n```\n")
	}
	if !ok {
		t.Fatal("README.md: no ```sh block after the heading ## A ten-minute tour")
	}
	var lines []tourLine
	step := 0
	for _, line := range strings.Split(tour, "\n") {
		if m := tourStep.FindStringSubmatch(line); m != nil {
			step, _ = strconv.Atoi(m[1])
			continue
		}
		if code := shellCode(line); code != "" {
			lines = append(lines, tourLine{step, code})
		}
	}
	return lines
}

// shellCode returns line without its comment (a # that starts a word
// outside quotes, and what follows) and the spaces around what is left.
func shellCode(line string) string {
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return strings.TrimSpace(line[:i])
		}
	}
	return strings.TrimSpace(line)
}

// TestShellCode checks how a line of the tour loses its comment.
func TestShellCode(t *testing.T) {
	for _, tc := range []struct{ name, line, want string }{
		{"comment line", "# 1. Logs: download them", ""},
		{"indented comment", "   # more", ""},
		{"trailing comment", "./ginlog opponents     # the tags", "./ginlog opponents"},
		{"no comment", "./ginlog verify --all", "./ginlog verify --all"},
		{"# in a word", "./ginlog sql x#y", "./ginlog sql x#y"},
		{"# in quotes", `./ginlog sql "SELECT '# x'" # why`, `./ginlog sql "SELECT '# x'"`},
		{"blank", "  ", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := shellCode(tc.line); got != tc.want {
				t.Errorf("shellCode(%q) = %q, want %q", tc.line, got, tc.want)
			}
		})
	}
}

// TestReadmeTourLines checks the tour's shape that TestReadmeTour relies
// on: steps 1 to 7 in order, each with commands; the build line first;
// the watch line; every line one of the programs the run has; and a game
// count in the lines that play games.
func TestReadmeTourLines(t *testing.T) {
	lines := readTour(t)
	if len(lines) == 0 || lines[0].text != tourBuild || lines[0].step != 0 {
		t.Fatalf("the tour does not start with %q before step 1: %v", tourBuild, lines)
	}
	steps := map[int]int{}
	watch := 0
	for i, l := range lines {
		steps[l.step]++
		if i > 0 && l.step < lines[i-1].step {
			t.Errorf("step %d after step %d: %s", l.step, lines[i-1].step, l.text)
		}
		if strings.HasPrefix(l.text, tourWatch) {
			watch++
		}
		program, _, _ := strings.Cut(l.text, " ")
		switch program {
		case "./ginlog", "ghc", "mkdir", "cp":
		case "go":
			if i > 0 {
				t.Errorf("go past the build line: %s", l.text)
			}
		default:
			t.Errorf("step %d runs %s, which the tour's test does not expect: %s", l.step, program, l.text)
		}
		if strings.Contains(l.text, "simulate") && !tourGamesFlag.MatchString(l.text) {
			t.Errorf("simulate without --games N, which the test makes small: %s", l.text)
		}
	}
	for step := 1; step <= 7; step++ {
		if steps[step] == 0 {
			t.Errorf("step %d has no command", step)
		}
	}
	if watch != 1 {
		t.Errorf("%d lines start with %q, want one", watch, tourWatch)
	}
}
