package ingest

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/sim"
)

// writeCorpus simulates games into dir.
func writeCorpus(t testing.TB, dir string, games int) {
	t.Helper()
	players, err := sim.Bots("meldable", "memory")
	if err != nil {
		t.Fatal(err)
	}
	c := sim.Config{Players: players, Games: games, Seed: 77, Start: 1700000000}
	if err := sim.Run(context.Background(), c, func(g *sim.Game) error { return sim.WriteGame(dir, g) }); err != nil {
		t.Fatal(err)
	}
}

// The child side of the process tests: ingest GINLOG_TEST_INGEST_DIR into
// GINLOG_TEST_INGEST_DB in small batches, then exit.
func TestMain(m *testing.M) {
	if db := os.Getenv("GINLOG_TEST_INGEST_DB"); db != "" {
		d, err := schema.Open(context.Background(), db)
		if err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(3)
		}
		os.Stdout.WriteString("open\n")
		if _, err := Run(context.Background(), d.DB, Options{Paths: []string{os.Getenv("GINLOG_TEST_INGEST_DIR")}, Batch: 50}); err != nil {
			os.Stderr.WriteString(err.Error())
			os.Exit(4)
		}
		d.Close()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func startChild(t *testing.T, db, dir string) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GINLOG_TEST_INGEST_DB="+db, "GINLOG_TEST_INGEST_DIR="+dir)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := out.Read(buf); err != nil {
		cmd.Wait()
		t.Fatalf("child did not open the database: %v: %s", err, stderr.String())
	}
	return cmd, &stderr
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

// TestKill kills an ingest at random moments: every time the database opens
// with whole games only, and finishing the import gives exactly the tables
// of a clean run.
func TestKill(t *testing.T) {
	if testing.Short() {
		t.Skip("kill test skipped in -short mode")
	}
	games := 2000
	corpus := t.TempDir()
	writeCorpus(t, corpus, games)
	// A clean run in a child process gives the reference tables and the
	// duration over which to spread the kills.
	cleanPath := filepath.Join(t.TempDir(), "clean.duckdb")
	began := time.Now()
	cmd, stderr := startChild(t, cleanPath, corpus)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("clean run: %v: %s", err, stderr.String())
	}
	took := time.Since(began)
	clean := openDB(t, cleanPath)
	want := tableDigest(t, clean.DB)
	rng := rand.New(rand.NewPCG(1, 2))
	partial := 0
	for trial := 0; trial < 10; trial++ {
		path := filepath.Join(t.TempDir(), "killed.duckdb")
		cmd, _ := startChild(t, path, corpus)
		time.Sleep(time.Duration(float64(took) * (0.05 + 0.9*rng.Float64())))
		cmd.Process.Kill()
		cmd.Wait()
		n := checkConsistent(t, path)
		if n < games {
			partial++
		}
		// Running the same import again finishes the job.
		db := openDB(t, path)
		run(t, db.DB, corpus)
		if got := tableDigest(t, db.DB); got != want {
			t.Errorf("trial %d: killed at %d games, then rerun:\n%s\nclean run:\n%s", trial+1, n, got, want)
		}
		db.Close()
		t.Logf("trial %d: killed with %d of %d games committed", trial+1, n, games)
	}
	t.Logf("%d of 10 kills landed before the import finished (a clean run takes %v)", partial, took)
}

// TestSecondWriter starts an ingest in a child process and tries to open
// the database meanwhile: the second writer gets the lock error naming the
// child, and the child's import completes intact.
func TestSecondWriter(t *testing.T) {
	corpus := t.TempDir()
	writeCorpus(t, corpus, 400)
	path := filepath.Join(t.TempDir(), "g.duckdb")
	cmd, stderr := startChild(t, path, corpus)
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
