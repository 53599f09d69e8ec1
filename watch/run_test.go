package watch

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/internal/testlogs"
	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store"
)

// TestMain plays a child process's part when a test asks for one:
// WATCH_TEST_HOLD=PATH holds the database at PATH open until its standard
// input closes; WATCH_TEST_RUN=IN,DONE,DB runs a watcher and, with
// WATCH_TEST_STOP=games:N or moves:N, says "stop" and hangs, waiting to be
// killed, once N games were read or N files moved.
func TestMain(m *testing.M) {
	if path := os.Getenv("WATCH_TEST_HOLD"); path != "" {
		os.Exit(hold(path))
	}
	if spec := os.Getenv("WATCH_TEST_RUN"); spec != "" {
		os.Exit(child(spec, os.Getenv("WATCH_TEST_STOP")))
	}
	os.Exit(m.Run())
}

func hold(path string) int {
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	fmt.Println("held")
	io.Copy(io.Discard, os.Stdin)
	db.Close()
	return 0
}

func child(spec, stop string) int {
	parts := strings.Split(spec, ",")
	what, n, _ := strings.Cut(stop, ":")
	at, _ := strconv.Atoi(n)
	hang := func() {
		fmt.Println("stop")
		select {}
	}
	count := 0
	opts := Options{Dirs: parts[:1], MoveTo: parts[1], DBPath: parts[2], Interval: 20 * time.Millisecond, Settle: 100 * time.Millisecond,
		Ingest: ingest.Options{Batch: 10}, Out: os.Stdout, Err: os.Stderr}
	if what == "games" {
		opts.Ingest.OnGame = func() {
			if count++; count == at {
				hang()
			}
		}
	}
	w, err := New(opts)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	if what == "moves" {
		w.afterMove = func() {
			if count++; count == at {
				hang()
			}
		}
	}
	if err := w.Run(context.Background()); err != nil {
		fmt.Println(err)
		return 1
	}
	return 0
}

// corpus writes n simulated games into dir and returns them.
func corpus(t *testing.T, dir string, n int) []testlogs.Game {
	t.Helper()
	games := testlogs.Simulate(t, n, 1800000000)
	for _, g := range games {
		testlogs.Write(t, dir, fmt.Sprintf("%d.csv", g.TS), g.Turns)
		testlogs.Write(t, dir, fmt.Sprintf("%d-score.csv", g.TS), g.Scores)
	}
	return games
}

// digest summarises the game tables and what verify stored, all but the
// times and import ids.
func digest(t *testing.T, path string) string {
	t.Helper()
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return testschema.GamesDigest(t, db.DB) + "\n" + testschema.VerdictsDigest(t, db.DB)
}

// cleanDigest imports and verifies the logs in dir into a new database
// and returns its digest.
func cleanDigest(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "clean.duckdb")
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ingest.Run(context.Background(), db.DB, ingest.Options{Paths: []string{dir}}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Verify(context.Background(), db.DB, store.Selection{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(context.Background(), db.DB, 0); err != nil {
		t.Fatal(err)
	}
	db.Close()
	return digest(t, path)
}

// waitFor polls cond until it holds, failing the test past a generous
// deadline: it waits on a condition, and asserts no duration.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// syncBuffer is a buffer the watcher writes to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var importLine = regexp.MustCompile(`^\d\d:\d\d:\d\d (import \d+: \d+ files, \d+ new, \d+ duplicate, 0 mirror, 0 rejected games; verified \d+, 0 breaking rules(; )?)?(\d+ files? already loaded; )?moved \d+ files?$`)

// TestBurst: a thousand files arriving at once while Run watches are all
// imported, verified and moved; Run stops cleanly when cancelled.
func TestBurst(t *testing.T) {
	in, done := t.TempDir(), filepath.Join(t.TempDir(), "done")
	db := filepath.Join(t.TempDir(), "g.duckdb")
	var out, errs syncBuffer
	w, err := New(Options{Dirs: []string{in}, MoveTo: done, DBPath: db, Interval: 50 * time.Millisecond, Settle: 300 * time.Millisecond,
		Out: &out, Err: &errs})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error)
	go func() { stopped <- w.Run(ctx) }()
	const n = 500
	corpus(t, in, n)
	waitFor(t, "every file moved", func() bool { return countFiles(t, done) == 2*n })
	// Idle, the watcher leaves the database free for the other commands.
	ro, err := schema.OpenReadOnly(context.Background(), db)
	if err != nil {
		t.Errorf("the database is not free while the watcher waits: %v", err)
	} else {
		ro.Close()
	}
	cancel()
	if err := <-stopped; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if loaded, _, unverified := games(t, db); loaded != n || unverified != 0 {
		t.Errorf("%d games, %d not verified; want %d, all verified", loaded, unverified, n)
	}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !importLine.MatchString(line) {
			t.Errorf("line %q", line)
		}
	}
	if !strings.HasSuffix(errs.String(), "stopped watching\n") || strings.Contains(errs.String(), ":0:0:") {
		t.Errorf("stderr:\n%s", errs.String())
	}
	if countFiles(t, in) != 0 {
		t.Errorf("%d files left behind", countFiles(t, in))
	}
}

// TestHeldDatabase: while another process holds the database, the
// watcher says so once and imports nothing; it imports once it is free.
func TestHeldDatabase(t *testing.T) {
	in := t.TempDir()
	h := newHarness(t, "", in)
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "WATCH_TEST_HOLD="+h.db)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if line, _ := bufio.NewReader(stdout).ReadString('\n'); line != "held\n" {
		t.Fatalf("the holder says %q", line)
	}
	testlogs.Copy(t, in, testlogs.Random...)
	h.step(t, 0)
	h.step(t, settle)
	h.step(t, settle)
	want := fmt.Sprintf(" waiting: the database %s is held by ", h.db)
	if got := h.err.String(); strings.Count(got, want) != 1 || !strings.Contains(got, fmt.Sprintf("(PID %d)\n", cmd.Process.Pid)) {
		t.Errorf("stderr %q, want one line with %q and the holder's PID %d", got, want, cmd.Process.Pid)
	}
	if got := h.lines(); got != "" {
		t.Errorf("imported while held: %s", got)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	h.step(t, settle)
	if got := h.lines(); !strings.Contains(got, "import 1: 8 files, 4 new,") {
		t.Errorf("out %q once the database is free", got)
	}
}

// TestKilled kills a watcher in a child process while it imports, and
// while it moves the files; a watcher started again finishes the job: the
// tables equal a clean import's, and every file is moved.
func TestKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("kill test skipped in -short mode")
	}
	const n = 120
	src := t.TempDir()
	corpus(t, src, n)
	want := cleanDigest(t, src)
	for _, stop := range []string{"games:60", "moves:41"} {
		t.Run(stop, func(t *testing.T) {
			in, done := t.TempDir(), filepath.Join(t.TempDir(), "done")
			db := filepath.Join(t.TempDir(), "g.duckdb")
			if err := os.CopyFS(in, os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run", "^$")
			cmd.Env = append(os.Environ(), "WATCH_TEST_RUN="+strings.Join([]string{in, done, db}, ","), "WATCH_TEST_STOP="+stop)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(stdout)
			var said []string
			for sc.Scan() && sc.Text() != "stop" {
				said = append(said, sc.Text())
			}
			cmd.Process.Kill()
			cmd.Wait()
			loaded, _, _ := games(t, db)
			moved := countFiles(t, done)
			t.Logf("killed at %s: %d of %d games loaded, %d of %d files moved; it said %q", stop, loaded, n, moved, 2*n, said)
			switch {
			case strings.HasPrefix(stop, "games") && (loaded >= n || moved > 0):
				t.Fatalf("killed while importing, yet %d games loaded and %d files moved", loaded, moved)
			case strings.HasPrefix(stop, "moves") && (loaded != n || moved == 0 || moved == 2*n):
				t.Fatalf("killed while moving, yet %d games loaded and %d files moved", loaded, moved)
			}
			w, err := New(Options{Dirs: []string{in}, MoveTo: done, DBPath: db, Settle: settle})
			if err != nil {
				t.Fatal(err)
			}
			c := &clock{time.Now()}
			w.opts.Now = c.now
			for range 2 {
				if err := w.Step(context.Background()); err != nil {
					t.Fatal(err)
				}
				c.advance(settle)
			}
			if got := digest(t, db); got != want {
				t.Errorf("after the restart:\n%s\nclean import:\n%s", got, want)
			}
			if left, moved := countFiles(t, in), countFiles(t, done); left != 0 || moved != 2*n {
				t.Errorf("after the restart: %d files left, %d moved", left, moved)
			}
		})
	}
}

// TestInterruptedImport: Run stopped during an import returns an
// *InterruptedError (an interrupt) that says how many games were loaded,
// as the database holds them, each verified in the transaction that
// loaded it; a new watch of the folder finishes the job.
func TestInterruptedImport(t *testing.T) {
	in, done := t.TempDir(), filepath.Join(t.TempDir(), "done")
	db := filepath.Join(t.TempDir(), "g.duckdb")
	const n = 60
	corpus(t, in, n)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	count := 0
	var errs syncBuffer
	w, err := New(Options{Dirs: []string{in}, MoveTo: done, DBPath: db, Interval: 20 * time.Millisecond, Settle: 50 * time.Millisecond,
		Ingest: ingest.Options{Batch: 10, OnGame: func() {
			if count++; count == 35 {
				cancel()
			}
		}},
		Err: &errs})
	if err != nil {
		t.Fatal(err)
	}
	err = w.Run(ctx)
	var ie *InterruptedError
	if !errors.As(err, &ie) || !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v, want an interrupted import", err)
	}
	loaded, _, unverified := games(t, db)
	if ie.Loaded != loaded || ie.Unverified != unverified || loaded == 0 || unverified != 0 {
		t.Errorf("said %+v; the database holds %d games, %d not verified; want some, each verified as it loaded", ie, loaded, unverified)
	}
	want := fmt.Sprintf("import interrupted: %d games loaded and verified, no file moved; watching again finishes the job", loaded)
	if err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if strings.Contains(errs.String(), "stopped watching") || countFiles(t, in) != 2*n {
		t.Errorf("stderr %q, %d files left in place; want all", errs.String(), countFiles(t, in))
	}
	// Watching again finishes the job.
	w, err = New(Options{Dirs: []string{in}, MoveTo: done, DBPath: db, Interval: 20 * time.Millisecond, Settle: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx2, cancel2 := context.WithCancel(context.Background())
	stopped := make(chan error)
	go func() { stopped <- w.Run(ctx2) }()
	waitFor(t, "every file moved", func() bool { return countFiles(t, done) == 2*n })
	cancel2()
	if err := <-stopped; err != nil {
		t.Errorf("Run stopped while idle: %v, want nil", err)
	}
	if loaded, _, unverified := games(t, db); loaded != n || unverified != 0 {
		t.Errorf("%d games, %d not verified; want %d, all verified", loaded, unverified, n)
	}
}
