package ingest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/sim"
)

// writeCorpus simulates games into dir.
func writeCorpus(t testing.TB, dir string, games int) {
	t.Helper()
	entrants, err := players.Bots("meldable", "memory")
	if err != nil {
		t.Fatal(err)
	}
	c := sim.Config{Players: entrants, Games: games, Seed: 77, Start: 1700000000}
	if err := sim.Run(context.Background(), c, func(g *sim.Game) error { return sim.WriteGame(dir, g) }); err != nil {
		t.Fatal(err)
	}
}

// The child side of the process tests: ingest GINLOG_TEST_INGEST_DIR into
// GINLOG_TEST_INGEST_DB in small batches, then exit. With
// GINLOG_TEST_KILL_AT=k it prints "kill" when the k-th game has been
// planned (its batch not yet committed), for the parent to kill it there.
func TestMain(m *testing.M) {
	if db := os.Getenv("GINLOG_TEST_INGEST_DB"); db != "" {
		d, err := schema.Open(context.Background(), db)
		if err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(3)
		}
		os.Stdout.WriteString("open\n")
		killAt, err := strconv.Atoi(os.Getenv("GINLOG_TEST_KILL_AT"))
		if err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(2)
		}
		games := 0
		opts := Options{Paths: []string{os.Getenv("GINLOG_TEST_INGEST_DIR")}, Batch: 50, OnGame: func() {
			if games++; games == killAt {
				os.Stdout.WriteString("kill\n")
			}
		}}
		if _, err := Run(context.Background(), d.DB, opts); err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(4)
		}
		if err := d.Close(); err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(5)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// startChild starts an ingest of dir into db in a child process; killAt,
// when positive, makes the child say when it has planned that many games.
func startChild(t *testing.T, db, dir string, killAt int) (*exec.Cmd, io.Reader, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GINLOG_TEST_INGEST_DB="+db, "GINLOG_TEST_INGEST_DIR="+dir, fmt.Sprintf("GINLOG_TEST_KILL_AT=%d", killAt))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(out, buf); err != nil || string(buf) != "open\n" {
		t.Fatalf("child did not open the database: %q %v (%v): %s", buf, err, cmd.Wait(), stderr.String())
	}
	return cmd, out, &stderr
}

// checkConsistent checks that the database holds only whole games.
func checkConsistent(t *testing.T, path string) int {
	t.Helper()
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	defer db.Close()
	for _, q := range []string{
		`SELECT count(*) FROM games g WHERE g.rounds <> (SELECT count(*) FROM rounds r WHERE r.game_id = g.game_id)`,
		`SELECT count(*) FROM games g WHERE g.plays <> (SELECT count(*) FROM plays p WHERE p.game_id = g.game_id)`,
		`SELECT count(*) FROM rounds WHERE game_id NOT IN (SELECT game_id FROM games)`,
		`SELECT count(*) FROM plays WHERE game_id NOT IN (SELECT game_id FROM games)`,
		`SELECT count(*) FROM games WHERE game_id NOT IN (SELECT game_id FROM import_files WHERE status = 'loaded')`,
		`SELECT count(*) FROM (SELECT content_hash FROM games GROUP BY 1 HAVING count(*) > 1)`,
	} {
		if n := count(t, db.DB, q); n != 0 {
			t.Fatalf("inconsistent after kill: %s = %d", q, n)
		}
	}
	return count(t, db.DB, `SELECT count(*) FROM games`)
}

// TestKill kills an ingest in the middle, at a random game: every time the
// database opens with whole games only, part of the import committed, and
// running the import again gives exactly the tables of a clean run. A trial
// whose kill did not land mid-import fails the test: it would prove
// nothing.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kill test skipped in -short mode")
	}
	games := 2000
	corpus := t.TempDir()
	writeCorpus(t, corpus, games)
	cleanPath := filepath.Join(t.TempDir(), "clean.duckdb")
	cmd, _, stderr := startChild(t, cleanPath, corpus, 0)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("clean run: %v: %s", err, stderr.String())
	}
	clean := openDB(t, cleanPath)
	want := testschema.GamesDigest(t, clean.DB)
	rng := rand.New(rand.NewPCG(1, 2))
	partial := 0
	for trial := 0; trial < 10; trial++ {
		path := filepath.Join(t.TempDir(), "killed.duckdb")
		at := games/20 + rng.IntN(games*3/4)
		cmd, out, stderr := startChild(t, path, corpus, at)
		buf := make([]byte, 5)
		if _, err := io.ReadFull(out, buf); err != nil || string(buf) != "kill\n" {
			t.Fatalf("trial %d: the child did not reach game %d: %q %v: %s", trial+1, at, buf, err, stderr.String())
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		// Wait reports the kill: only a failure to wait is an error.
		if err := cmd.Wait(); err != nil && cmd.ProcessState == nil {
			t.Fatal(err)
		}
		n := checkConsistent(t, path)
		if n < games {
			partial++
		}
		// Running the same import again finishes the job.
		db := openDB(t, path)
		run(t, db.DB, corpus)
		if got := testschema.GamesDigest(t, db.DB); got != want {
			t.Errorf("trial %d: killed at %d games, then rerun:\n%s\nclean run:\n%s", trial+1, n, got, want)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		t.Logf("trial %d: killed at game %d with %d of %d games committed", trial+1, at, n, games)
	}
	if partial == 0 {
		t.Fatal("no kill landed before the import finished: the test saw no partial state")
	}
	t.Logf("%d of 10 kills left a partial import", partial)
}

// TestSecondWriter starts an ingest in a child process and tries to open
// the database meanwhile: the second writer gets the lock error naming the
// child, and the child's import completes intact.
func TestSecondWriter(t *testing.T) {
	corpus := t.TempDir()
	writeCorpus(t, corpus, 400)
	path := filepath.Join(t.TempDir(), "g.duckdb")
	cmd, _, stderr := startChild(t, path, corpus, 0)
	_, err := schema.Open(context.Background(), path)
	var le *schema.LockedError
	if !errors.As(err, &le) || le.PID != cmd.Process.Pid {
		t.Errorf("second writer: %v, want a LockedError naming PID %d", err, cmd.Process.Pid)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v: %s", err, stderr.String())
	}
	if n := checkConsistent(t, path); n != 400 {
		t.Errorf("%d games after the child finished, want 400", n)
	}
}
