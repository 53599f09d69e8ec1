package main

import (
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
	"time"

	"github.com/ginlog/ginlog/internal/testschema"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
)

// reportHWM writes the process's peak resident memory, VmHWM from
// /proc/self/status, as "vmhwm: N kB" (Linux only; elsewhere the
// error reading it).
func reportHWM(w io.Writer) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Fprintln(w, err)
		return
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Fprintf(w, "vmhwm: %s\n", strings.TrimSpace(v))
		}
	}
}

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
		if os.Getenv("GINLOG_TEST_HWM") != "" {
			reportHWM(os.Stderr)
		}
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
	return testschema.GamesDigest(t, db.DB) + "\n" + testschema.VerdictsDigest(t, db.DB)
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

// TestIngestKilled kills ginlog in a child process, half the time ingest
// while it imports (and verifies each game as it loads), half the time
// verify while it verifies games an import left unverified (--no-verify),
// then runs ingest again: the tables, verification included, must equal a
// clean run's, as docs/reliability.md promises. Each kill must leave a
// partial state (games missing, or games not verified), and a kill
// mid-import no game without its verdicts; a test that saw no partial
// state would prove nothing.
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
		args := []string{"ingest", "--batch", "40", logs}
		if phase == "verify" {
			if r := runCmd(t, map[string]string{"GINLOG_DB": path}, "ingest", "--no-verify", logs); r.code != exitOK {
				t.Fatalf("trial %d: ingest --no-verify: exit %d: %s", trial+1, r.code, r.err)
			}
			args = []string{"verify"}
		}
		n, unverified := killAt(t, path, args, phase, at)
		switch {
		case n < games && unverified == 0:
			midImport++
		case n < games:
			t.Errorf("trial %d: killed in %s with %d games loaded, %d of them not verified: want each verified as it loaded", trial+1, phase, n, unverified)
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

// killAt runs ginlog args on the database path in a child process and
// kills it once its progress bar of phase ("games" or "verify") passes at
// games, then returns how many games the database holds and how many of
// them are not verified.
func killAt(t *testing.T, path string, args []string, phase string, at int) (games, unverified int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GINLOG_DB="+path, "GINLOG_TEST_ARGS="+strings.Join(args, "\t"))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Read the progress bars as they are drawn (a bar's line ends only
	// when the next draw begins). Verify commits a batch only when it is
	// whole, and a batch here is every game: a kill once its bar is drawn,
	// which it is before the first step, leaves them all unverified.
	killed := false
	var seen []byte
	buf := make([]byte, 4096)
	for from := 0; !killed; {
		n, err := stderr.Read(buf)
		seen = append(seen, buf[:n]...)
		for _, m := range progressLine.FindAllSubmatchIndex(seen[from:], -1) {
			label, done := string(seen[from+m[2]:from+m[3]]), string(seen[from+m[4]:from+m[5]])
			d, err := strconv.Atoi(done)
			if err != nil {
				t.Fatal(err)
			}
			if label == phase && (phase == "verify" || d >= at) && !killed {
				killed = cmd.Process.Kill() == nil
			}
		}
		if ms := progressLine.FindAllIndex(seen[from:], -1); len(ms) > 0 {
			from += ms[len(ms)-1][1]
		}
		if err != nil {
			break
		}
	}
	// A killed child's Wait reports the signal; one that was not killed
	// must have finished well.
	if err := cmd.Wait(); !killed && err != nil {
		t.Fatalf("%s: the child failed: %v: %q", phase, err, seen)
	}
	if !killed {
		t.Fatalf("%s: the child finished before the kill point (%d): %q", phase, at, seen)
	}
	return killedState(t, path)
}

// verifyBar is the Gin bar of verify as drawn once a batch has committed
// (some games done), with or without the time left; verifyBarCleared, the
// bar cleared.
var (
	verifyBar        = regexp.MustCompile(`\rverify \[[= ]*\] [1-9]\d*/\d+ [\d.]+/s[ ,]`)
	verifyBarCleared = regexp.MustCompile(`\rverify \[[^\r]*\r {80}\r`)
)

// verifyState reads what a database holds of verify's work: its digest
// (verifiedDigest, and the Hearts checks), the games of either kind not
// verified, the Gin games verified at or after since, and the rollup
// groups.
type verifyState struct {
	digest                     string
	unverified, again, rollups int
}

func readVerifyState(t *testing.T, path string, since time.Time) verifyState {
	t.Helper()
	s := verifyState{digest: verifiedDigest(t, path)}
	db, err := schema.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("reopen after kill: %v", err)
	}
	defer db.Close()
	var hearts string
	if err := db.QueryRow(`SELECT count(*) || ':' || coalesce(sum(hash(game_id, method, deviations, hands, verified, determined, totals_known)), 0) FROM hearts_checks`).Scan(&hearts); err != nil {
		t.Fatal(err)
	}
	s.digest += "\n" + hearts
	if err := db.QueryRow(`SELECT
		  (SELECT count(*) FROM games WHERE kind = 'gin' AND game_id NOT IN (SELECT game_id FROM game_checks))
		+ (SELECT count(*) FROM games WHERE kind = 'hearts' AND game_id NOT IN (SELECT game_id FROM hearts_checks)),
		(SELECT count(*) FROM game_checks WHERE verified_at >= $1),
		(SELECT count(*) FROM rollup_groups)`, since.UTC()).Scan(&s.unverified, &s.again, &s.rollups); err != nil {
		t.Fatal(err)
	}
	return s
}

// namedAnswers runs every named query on the database at path and returns
// what each printed, stderr included.
func namedAnswers(t *testing.T, path string) string {
	t.Helper()
	var b strings.Builder
	for _, q := range queries.All() {
		r := runCmd(t, map[string]string{"GINLOG_DB": path}, "query", q.Name, "--format", "csv")
		fmt.Fprintf(&b, "%s: exit %d\n%s%s", q.Name, r.code, r.out, r.err)
	}
	return b.String()
}

// copyFile copies the database at src, closed, to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyAllKilled kills ginlog verify --all in a child process at
// chosen points (once a batch of Gin games has committed, once the Gin
// games are done and the rollups and Hearts games are under way, and at
// random times) on a database of Gin games, most of them in rollup groups,
// and Hearts games, all verified. Every game must keep a verification
// (its earlier one or its new one, the same here), and every named query
// must answer exactly as before, without a line about games not verified;
// a plain verify after it succeeds and changes nothing of it. One kill at
// least must fall between two batches (some games verified again, some
// not): a test that saw none would prove nothing.
func TestVerifyAllKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("kill test skipped in -short mode")
	}
	const games = 3000 // two batches of Gin games (store's batchPlays)
	dir := t.TempDir()
	gin, hearts := filepath.Join(dir, "gin"), filepath.Join(dir, "hearts")
	for _, args := range [][]string{
		{"simulate", "--games", strconv.Itoa(games), "--players", "meldable,memory", "--out", gin},
		{"simulate", "--game", "hearts", "--games", "40", "--start", "1800000000", "--out", hearts},
	} {
		if r := runCmd(t, nil, args...); r.code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.err)
		}
	}
	base := filepath.Join(dir, "base.duckdb")
	if r := runCmd(t, map[string]string{"GINLOG_DB": base}, "ingest", gin, hearts); r.code != exitOK {
		t.Fatalf("ingest: exit %d: %s", r.code, r.err)
	}
	// Blocks of 256 games: every block of Gin games but the last is
	// rolled up, and the later verifies keep that size.
	db, err := schema.Open(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	if err := queries.RefreshRollups(context.Background(), db.DB, 256); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	want := readVerifyState(t, base, time.Now())
	answers := namedAnswers(t, base)
	if want.unverified != 0 || want.rollups < 10 {
		t.Fatalf("before: %d games not verified, %d rollup groups; want 0 and some", want.unverified, want.rollups)
	}

	// A clean run gives the time the random kills fall in: its first
	// half, the child having to start first.
	start := time.Now()
	clean := filepath.Join(dir, "clean.duckdb")
	copyFile(t, base, clean)
	if r := runCmd(t, map[string]string{"GINLOG_DB": clean}, "verify", "--all"); r.code != exitOK {
		t.Fatalf("verify --all: exit %d: %s", r.code, r.err)
	}
	runTime := time.Since(start)
	if got := readVerifyState(t, clean, start); got.digest != want.digest || got.again != games {
		t.Fatalf("verify --all: %d of %d games verified again; verify's tables:\n%s\nbefore:\n%s", got.again, games, got.digest, want.digest)
	}
	if a := namedAnswers(t, clean); a != answers {
		t.Fatalf("verify --all: the named queries answer\n%s\nbefore:\n%s", a, answers)
	}

	rng := rand.New(rand.NewPCG(3, 4))
	between := 0
	for trial, point := range []string{"batch", "rollups", "time", "batch", "time", "time"} {
		path := filepath.Join(dir, fmt.Sprintf("killed%d.duckdb", trial))
		copyFile(t, base, path)
		delay := time.Duration(rng.Int64N(int64(runTime / 2)))
		since := time.Now()
		cmd := exec.Command(os.Args[0], "-test.run", "^$")
		cmd.Env = append(os.Environ(), "GINLOG_DB="+path, "GINLOG_TEST_ARGS=verify\t--all")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var timer *time.Timer
		if point == "time" {
			timer = time.AfterFunc(delay, func() { cmd.Process.Kill() })
		}
		// The Gin bar counts games once a batch has committed, and is
		// cleared once every Gin game has; the rollups, then the Hearts
		// games, follow. A bar's text ends with no newline: watch the
		// bytes as they come.
		var seen strings.Builder
		buf := make([]byte, 4096)
		killed := false // the child was killed at point
		for {
			n, err := stderr.Read(buf)
			seen.Write(buf[:n])
			if !killed {
				switch point {
				case "batch":
					killed = verifyBar.MatchString(seen.String()) && cmd.Process.Kill() == nil
				case "rollups":
					killed = verifyBarCleared.MatchString(seen.String()) && cmd.Process.Kill() == nil
				}
			}
			if err != nil {
				break
			}
		}
		err = cmd.Wait()
		if timer != nil {
			timer.Stop()
		}
		at := map[string]string{"batch": "a batch's end", "rollups": "the end of the Gin games",
			"time": fmt.Sprintf("%v", delay.Round(time.Millisecond))}[point]
		// A killed child's Wait reports the signal; one that was not
		// killed must have finished well.
		if cmd.ProcessState.ExitCode() != -1 {
			if err != nil {
				t.Fatalf("trial %d: the child failed: %v: %q", trial+1, err, seen.String())
			}
			t.Logf("trial %d: the child finished before the kill point (%s)", trial+1, at)
			continue
		}
		got := readVerifyState(t, path, since)
		if got.unverified != 0 || got.digest != want.digest {
			t.Errorf("trial %d: killed at %s: %d games not verified; verify's tables:\n%s\nbefore:\n%s",
				trial+1, at, got.unverified, got.digest, want.digest)
		}
		if a := namedAnswers(t, path); a != answers {
			t.Errorf("trial %d: killed at %s: the named queries answer\n%s\nbefore:\n%s", trial+1, at, a, answers)
		}
		if got.again > 0 && got.again < games {
			between++
		}
		t.Logf("trial %d: killed at %s: %d of %d Gin games verified again, %d of %d rollup groups left",
			trial+1, at, got.again, games, got.rollups, want.rollups)
		if r := runCmd(t, map[string]string{"GINLOG_DB": path}, "verify"); r.code != exitOK {
			t.Fatalf("trial %d: verify after the kill: exit %d: %s", trial+1, r.code, r.err)
		}
		if after := readVerifyState(t, path, since); after.digest != want.digest {
			t.Errorf("trial %d: after verify: verify's tables:\n%s\nbefore:\n%s", trial+1, after.digest, want.digest)
		}
	}
	if between == 0 {
		t.Fatal("no kill fell between two batches of Gin games")
	}
}
