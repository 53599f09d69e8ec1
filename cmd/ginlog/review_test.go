package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

// reviewDB ingests the bundled sample into a fresh database file.
func reviewDB(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "r.duckdb")
	if r := runCmd(t, nil, "--db", db, "ingest", testenv.Sample.Dir(t)); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	return db
}

// TestReviewGolden reviews the sample's games with the real evaluator,
// on 4 deals a move (--deals) so that the test runs in seconds: the
// numbers are noisier than the default's 192, the output the same shape.
// A second run reads every value from the database: the evaluator is
// asked nothing, and the output is the same.
func TestReviewGolden(t *testing.T) {
	db := reviewDB(t)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"review-sample.txt", []string{"--deals", "4", "--leaks", "5", "-n", "5"}},
		{"review-sample-opp.md", []string{"--deals", "4", "--who", "opp", "--leaks", "3", "-n", "3", "--format", "markdown"}},
		{"review-game.json", []string{"--deals", "4", "--game-id", "3", "--leaks", "2", "-n", "2", "--format", "json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--db", db, "review"}, tc.args...)
			first := runCmd(t, nil, args...)
			if first.code != exitOK {
				t.Fatalf("exit %d: %s", first.code, first.err)
			}
			golden(t, tc.name, first.out)
			again := runCmd(t, nil, args...)
			if again.code != exitOK || again.out != first.out {
				t.Errorf("the second review: exit %d, output differs:\n%s", again.code, again.out)
			}
			if !strings.HasPrefix(again.err, "review: 0 judgements judged now, ") {
				t.Errorf("the second review asked the evaluator: %q", again.err)
			}
		})
	}
	// show marks the reviewed decisions of both sides in place.
	r := runCmd(t, nil, "--db", db, "show", "3", "--round", "2")
	if r.code != exitOK {
		t.Fatalf("show: exit %d: %s", r.code, r.err)
	}
	golden(t, "show-reviewed.txt", r.out)
}

// TestReviewStoresByEvaluator checks that other deals are another
// evaluator: judged again, not read.
func TestReviewStoresByEvaluator(t *testing.T) {
	db := reviewDB(t)
	for i, deals := range []string{"2", "3", "2"} {
		r := runCmd(t, nil, "--db", db, "review", "--game-id", "2", "--deals", deals)
		if r.code != exitOK {
			t.Fatalf("exit %d: %s", r.code, r.err)
		}
		judgedNow := !strings.HasPrefix(r.err, "review: 0 judgements")
		if want := i < 2; judgedNow != want {
			t.Errorf("run %d (--deals %s): judged now %v, want %v: %q", i+1, deals, judgedNow, want, r.err)
		}
	}
}

func TestReviewRefuses(t *testing.T) {
	db := reviewDB(t)
	hearts := filepath.Join(t.TempDir(), "hearts")
	if r := runCmd(t, nil, "simulate", "--game", "hearts", "--players", "simple,simple,simple,simple", "--games", "1", "--out", hearts); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	hdb := filepath.Join(t.TempDir(), "h.duckdb")
	if r := runCmd(t, nil, "--db", hdb, "ingest", hearts); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	for _, tc := range []struct {
		name string
		args []string
		code int
		err  string // the start of stderr
	}{
		{"empty selection", []string{"--db", db, "review", "--opponent", "nobody"}, exitNoMatch, "ginlog: "},
		{"no such game", []string{"--db", db, "review", "--game-id", "999"}, exitNoMatch, "ginlog: "},
		{"a hearts game", []string{"--db", hdb, "review", "--game-id", "1"}, exitUsage, "ginlog: --game-id 1 is a Hearts game: review judges Gin games only\n"},
		{"hearts only", []string{"--db", hdb, "review"}, exitNoMatch, "ginlog: review judges Gin games only, and the filters select none: "},
		{"bad who", []string{"--db", db, "review", "--who", "both"}, exitUsage, "ginlog: --who: no \"both\"; want you or opp\n"},
		{"bad deals", []string{"--db", db, "review", "--deals", "0"}, exitUsage, "ginlog: --deals: want 1 or more, got 0\n"},
		{"bad weights", []string{"--db", db, "review", "--weights", filepath.Join(t.TempDir(), "none.json")}, exitUsage, "ginlog: --weights: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, nil, tc.args...)
			if r.code != tc.code || !strings.HasPrefix(r.err, tc.err) || strings.Count(r.err, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d, one line starting %q", r.code, r.err, tc.code, tc.err)
			}
		})
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatal(err)
	}
}
