package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/oracle"
	"github.com/ginlog/ginlog/internal/testenv"
	"github.com/ginlog/ginlog/internal/testschema"
)

var verifyTiming = regexp.MustCompile(`in [0-9.]+ s \([0-9]+ games/s\)`)

// TestVerifyAndShow runs verify and show on both corpora: the game shown
// is the second, and the explained round one the oracle's brute force
// finds explained.
func TestVerifyAndShow(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			logs, _ := corpusLogs(t, c)
			env := corpusDB(t, c)
			explained := explainedRound(t, logs[1])
			for _, tc := range []struct {
				name string
				args []string
			}{
				{"verify-all", []string{"verify", "--all"}},
				{"verify-game", []string{"verify", "--game-id", "2"}},
				{"show-round", []string{"show", "2", "--round", "3"}},
				{"show-explained", []string{"show", "2", "--round", strconv.Itoa(explained)}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					r := runCmd(t, env, tc.args...)
					if r.code != exitOK {
						t.Fatalf("exit %d: %s", r.code, r.err)
					}
					golden(t, goldenName(c, tc.name+".txt"), verifyTiming.ReplaceAllString(r.out, "in X s (Y games/s)"))
				})
			}
		})
	}
}

// explainedRound returns the first round of g that the brute force finds
// explained only by a declaration worse than optimal.
func explainedRound(t *testing.T, g *oracle.Game) int {
	t.Helper()
	for i := range g.Rounds {
		v, err := g.Rounds[i].Verdict()
		if err != nil {
			t.Fatal(err)
		}
		if v.Status == "explained" {
			return g.Rounds[i].Number
		}
	}
	t.Fatalf("game %d has no explained round", g.TS)
	return 0
}

// TestVerifyReportsViolations breaks a game of each corpus (the top of the
// pile at round 1's first stock draw after the first two plays is set to a
// card that was not discarded last) and checks that ingest and verify say
// where.
func TestVerifyReportsViolations(t *testing.T) {
	for _, c := range testenv.Corpora() {
		t.Run(c.Name, func(t *testing.T) {
			logs, _ := corpusLogs(t, c)
			src := c.Dir(t)
			name := strconv.FormatInt(logs[0].TS, 10)
			turns, scores := readFile(t, filepath.Join(src, name+".csv")), readFile(t, filepath.Join(src, name+"-score.csv"))
			rows := strings.Split(string(turns), "\r\n")
			ply := 0
			var f []string
			for i := 2; i < len(rows); i++ {
				f = strings.Split(rows[i], ",")
				if f[0] == "1" && f[4] != f[3] { // round 1, a stock draw
					ply = i + 1
					break
				}
			}
			if ply == 0 {
				t.Fatal("no stock draw after the first two plays of round 1")
			}
			last := strings.Split(rows[ply-2], ",")[5]
			bad := "SA"
			for _, x := range []string{"SA", "S2", "S3"} {
				if x != last && x != f[4] {
					bad = x
					break
				}
			}
			f[3] = bad // not the previous discard, not the card drawn
			rows[ply-1] = strings.Join(f, ",")
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, name+".csv"), []byte(strings.Join(rows, "\r\n")))
			writeFile(t, filepath.Join(dir, name+"-score.csv"), scores)
			env := map[string]string{"GINLOG_DB": testschema.Path(t)}
			r := runCmd(t, env, "ingest", dir)
			if r.code != exitRejected || !strings.Contains(r.err, "1 game breaks the rules") {
				t.Fatalf("ingest: exit %d: %s", r.code, r.err)
			}
			want := fmt.Sprintf("round 1 ply %d: top-mismatch: top of the pile %s, but %s was discarded last", ply, bad, last)
			r = runCmd(t, env, "verify", "--game-id", "1")
			if r.code != exitRejected || !strings.Contains(r.out, want) {
				t.Errorf("verify: exit %d, want %q:\n%s%s", r.code, want, r.out, r.err)
			}
		})
	}
}

// readFile reads a test's input file.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeFile writes a test's input file, and its folder.
func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// symlink makes a test's link.
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
