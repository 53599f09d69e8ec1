package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/ginlog/ginlog/schema"
)

// TestMain runs the command line in a child process when a test asks for
// one (GINLOG_TEST_ARGS, tab-separated), with stderr taken for a terminal
// so that the progress bars tell the parent how far it got.
func TestMain(m *testing.M) {
	if args := os.Getenv("GINLOG_TEST_ARGS"); args != "" {
		a := &app{in: os.Stdin, out: os.Stdout, err: os.Stderr, getenv: os.Getenv,
			terminal: func(w io.Writer) bool { return w == io.Writer(os.Stderr) }}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := a.execute(ctx, strings.Split(args, "\t"))
		stop()
		os.Exit(code)
	}
	var err error
	if toolDir, err = os.MkdirTemp("", "ginlog-tools"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if err := os.RemoveAll(toolDir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = max(code, 1)
	}
	os.Exit(code)
}

// progressLine is a progress bar as it is drawn: label, bar, done/total.
var progressLine = regexp.MustCompile(`(games|verify) \[[= ]*\] (\d+)/(\d+)`)

// verifiedDigest summarises the game tables and what verify stored, all
// but the times.
func verifiedDigest(t *testing.T, path string) string {
	t.Helper()
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var parts []string
	for _, q := range []string{
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, log_ts, content_hash, mirror_of, rounds, plays, you_total, opp_total, winner)), 0) FROM games`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, first_mover, plays, stock_draws, action, caller, you_points, opp_points)), 0) FROM rounds`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, ply, actor, hand, top, drawn, discarded)), 0) FROM plays`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, violations, exact, explained, impossible)), 0) FROM game_checks`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, status, best_you, best_opp, declared_you, declared_opp, explanations, final_you, final_opp)), 0) FROM round_checks`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, ply, code)), 0) FROM violations`,
		`SELECT count(*) || ':' || coalesce(sum(hash(game_id, round, ply, turn, top_relation, top_best, deadwood_before, best_after, discard_best, fed)), 0) FROM play_features`,
	} {
		var s string
		if err := db.QueryRow(q).Scan(&s); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "\n")
}

// killedState reads what a killed ingest left: games loaded, and how many
// of them are not verified.
func killedState(t *testing.T, path string) (games, unverified int) {
	t.Helper()
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	defer db.Close()
	if err := db.QueryRow(`SELECT count(*), count(*) FILTER (WHERE game_id NOT IN (SELECT game_id FROM game_checks)) FROM games`).Scan(&games, &unverified); err != nil {
		t.Fatal(err)
	}
	return games, unverified
}

// TestIngestKilled kills ginlog ingest in a child process, half the time
// while it imports and half while it verifies, then runs the same command
// again: the tables, verification included, must equal a clean run's, as
// docs/reliability.md promises. Each kill must leave a partial state (games missing,
// or games not verified); a test that saw none would prove nothing.
func TestIngestKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("kill test skipped in -short mode")
	}
	const games = 600
	logs := filepath.Join(t.TempDir(), "logs")
	if r := runCmd(t, nil, "simulate", "--games", strconv.Itoa(games), "--players", "meldable,memory", "--out", logs); r.code != exitOK {
		t.Fatalf("simulate: exit %d: %s", r.code, r.err)
	}
	clean := filepath.Join(t.TempDir(), "clean.duckdb")
	if r := runCmd(t, map[string]string{"GINLOG_DB": clean}, "ingest", logs); r.code != exitOK {
		t.Fatalf("clean ingest: exit %d: %s", r.code, r.err)
	}
	want := verifiedDigest(t, clean)
	rng := rand.New(rand.NewPCG(7, 8))
	midImport, midVerify := 0, 0
	for trial := range 6 {
		phase := []string{"games", "verify"}[trial%2]
		at := games/10 + rng.IntN(games*7/10)
		path := filepath.Join(t.TempDir(), "killed.duckdb")
		cmd := exec.Command(os.Args[0], "-test.run", "^$")
		cmd.Env = append(os.Environ(), "GINLOG_DB="+path, "GINLOG_TEST_ARGS="+strings.Join([]string{"ingest", "--batch", "40", logs}, "\t"))
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Read the progress bars: kill when the import passes the chosen
		// game, or, for a kill while verifying, as soon as the import's bar
		// is cleared (every game committed, verification begun: a batch of
		// verification commits only when it is whole).
		sc := bufio.NewScanner(stderr)
		sc.Split(splitCR)
		killed, imported := false, false
		var seen []string
		for sc.Scan() && !killed {
			text := sc.Text()
			if m := progressLine.FindStringSubmatch(text); m != nil {
				imported = imported || m[1] == "games"
				done, err := strconv.Atoi(m[2])
				if err != nil {
					t.Fatal(err)
				}
				if phase == "games" && m[1] == "games" && done >= at {
					killed = cmd.Process.Kill() == nil
				}
				continue
			}
			if phase == "verify" && imported && text != "" && strings.TrimSpace(text) == "" {
				killed = cmd.Process.Kill() == nil
				continue
			}
			seen = append(seen, text)
		}
		// A killed child's Wait reports the signal; one that was not killed
		// must have finished well.
		if err := cmd.Wait(); !killed && err != nil {
			t.Fatalf("trial %d: the child failed: %v: %q", trial+1, err, seen)
		}
		if !killed {
			t.Fatalf("trial %d: the child finished before the kill point (%s %d): %q", trial+1, phase, at, seen)
		}
		n, unverified := killedState(t, path)
		switch {
		case n < games:
			midImport++
		case unverified > 0:
			midVerify++
		}
		r := runCmd(t, map[string]string{"GINLOG_DB": path}, "ingest", logs)
		if r.code != exitOK {
			t.Fatalf("trial %d: rerun: exit %d: %s", trial+1, r.code, r.err)
		}
		if got := verifiedDigest(t, path); got != want {
			t.Errorf("trial %d: killed in %s with %d games loaded, %d not verified; after the rerun:\n%s\nclean run:\n%s",
				trial+1, phase, n, unverified, got, want)
		}
		t.Logf("trial %d: killed in %s: %d of %d games loaded, %d not verified", trial+1, phase, n, games, unverified)
	}
	if midImport == 0 || midVerify == 0 {
		t.Fatalf("kills mid-import %d, mid-verify %d: want both seen", midImport, midVerify)
	}
}

// splitCR splits the progress output at carriage returns and newlines.
func splitCR(data []byte, atEOF bool) (int, []byte, error) {
	for i, b := range data {
		if b == '\r' || b == '\n' {
			return i + 1, data[:i], nil
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}
