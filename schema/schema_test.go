package schema

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ginlog/ginlog/gin"
)

func TestOpenMigratesOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	for range 2 {
		db, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := db.Version(ctx); err != nil || v != Latest() {
			t.Fatalf("version %d, %v, want %d", v, err, Latest())
		}
		var n int
		db.QueryRow(`SELECT count(*) FROM schema_version`).Scan(&n)
		if n != Latest() {
			t.Fatalf("%d schema_version rows, want %d", n, Latest())
		}
		db.Close()
	}
}

// TestCardEnumOrder checks that the card ENUM lists the cards in gin's
// order, so that enum codes are card numbers.
func TestCardEnumOrder(t *testing.T) {
	db, err := Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT unnest(enum_range(NULL::card))::VARCHAR`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var i gin.Card
	for ; rows.Next(); i++ {
		var name string
		rows.Scan(&name)
		if name != i.String() {
			t.Fatalf("enum value %d is %s, want %s", i, name, i)
		}
	}
	if err := rows.Err(); err != nil || i != gin.NumCards {
		t.Fatalf("%d enum values (%v), want 52", i, err)
	}
}

// TestSideEnumOrder checks that the side enum's codes are gin's seats.
func TestSideEnumOrder(t *testing.T) {
	db, err := Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range []gin.Seat{gin.You, gin.Opp} {
		var code int
		if err := db.QueryRow(`SELECT enum_code($1::side)`, Side(s)).Scan(&code); err != nil {
			t.Fatal(err)
		}
		if code != int(s) {
			t.Errorf("side %v has enum code %d", s, code)
		}
	}
}

func TestReadOnlyRefusesWritesAndFiles(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	outside := filepath.Join(t.TempDir(), "x.csv")
	os.WriteFile(outside, []byte("a\n1\n"), 0o644)
	for _, q := range []string{
		`CREATE TABLE t (x INTEGER)`,
		`DELETE FROM games`,
		`ATTACH '` + filepath.Join(t.TempDir(), "other.duckdb") + `'`,
		`SELECT * FROM read_csv('` + outside + `')`,
		`COPY (SELECT 1) TO '` + filepath.Join(t.TempDir(), "out.csv") + `'`,
		`SET enable_external_access = true`,
	} {
		if _, err := ro.ExecContext(ctx, q); err == nil {
			t.Errorf("read-only database ran %s", q)
		}
	}
	if _, err := OpenReadOnly(ctx, filepath.Join(t.TempDir(), "none.duckdb")); !errors.Is(err, ErrNoDatabase) {
		t.Errorf("opening a missing database: %v", err)
	}
}

// TestLockedByAnotherProcess holds the database in a child process (this
// test binary) and checks that a second writer gets a *LockedError naming
// it.
func TestLockedByAnotherProcess(t *testing.T) {
	if path := os.Getenv("GINLOG_TEST_HOLD_DB"); path != "" {
		db, err := Open(context.Background(), path)
		if err != nil {
			os.Exit(1)
		}
		os.Stdout.WriteString("holding\n")
		time.Sleep(30 * time.Second)
		db.Close()
		os.Exit(0)
	}
	path := filepath.Join(t.TempDir(), "g.duckdb")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestLockedByAnotherProcess$")
	cmd.Env = append(os.Environ(), "GINLOG_TEST_HOLD_DB="+path)
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	buf := make([]byte, 8)
	if _, err := out.Read(buf); err != nil || !strings.HasPrefix(string(buf), "holding") {
		t.Fatalf("child did not open the database: %q %v", buf, err)
	}
	_, err := Open(context.Background(), path)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != cmd.Process.Pid {
		t.Fatalf("second open: %v, want a LockedError naming PID %d", err, cmd.Process.Pid)
	}
	if !strings.Contains(le.Error(), "locked by another process") {
		t.Errorf("message %q", le.Error())
	}
}
