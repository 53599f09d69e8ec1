package schema

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/gin"
	"github.com/ginlog/ginlog/internal/testenv"
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
		if err := db.QueryRow(`SELECT count(*) FROM schema_version`).Scan(&n); err != nil || n != Latest() {
			t.Fatalf("%d schema_version rows, want %d", n, Latest())
		}
		closeDB(t, db)
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
	closeDB(t, db)
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	outside := filepath.Join(t.TempDir(), "x.csv")
	if err := os.WriteFile(outside, []byte("a\n1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
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
		closeDB(t, db)
		os.Exit(0)
	}
	path := filepath.Join(t.TempDir(), "g.duckdb")
	cmd := holdInChild(t, "GINLOG_TEST_HOLD_DB", path)
	_, err := Open(context.Background(), path)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != cmd.Process.Pid {
		t.Fatalf("second open: %v, want a LockedError naming PID %d", err, cmd.Process.Pid)
	}
	if !strings.Contains(le.Error(), "locked by another process") {
		t.Errorf("message %q", le.Error())
	}
}

// TestPathsArePaths checks that a database path never carries connection
// options: '?' and '#' are refused for the writer and the reader alike
// (the driver splits at '?' and reads '#' as the start of a URL fragment,
// which drops the read-only options), and a name like md:x or :memory:x is
// an ordinary file in the working directory.
func TestPathsArePaths(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, tc := range []struct{ name, path string }{
		{"options after ?", filepath.Join(dir, "g.duckdb?access_mode=read_write&enable_external_access=true")},
		{"? in a folder", filepath.Join(dir, "a?b", "g.duckdb")},
		{"fragment", filepath.Join(dir, "a#b.duckdb")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if db, err := Open(ctx, tc.path); !errors.Is(err, ErrPathOptions) {
				if err == nil {
					closeDB(t, db)
				}
				t.Errorf("Open: %v, want ErrPathOptions", err)
			}
			if db, err := OpenReadOnly(ctx, tc.path); !errors.Is(err, ErrPathOptions) && !errors.Is(err, ErrNoDatabase) {
				if err == nil {
					closeDB(t, db)
				}
				t.Errorf("OpenReadOnly: %v, want ErrPathOptions", err)
			}
		})
	}
	// A '#' path that exists: before paths were checked, the reader opened
	// it with no options at all, writable.
	hash := filepath.Join(dir, "x#y.duckdb")
	if err := os.WriteFile(hash, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if db, err := OpenReadOnly(ctx, hash); !errors.Is(err, ErrPathOptions) {
		if err == nil {
			closeDB(t, db)
		}
		t.Errorf("OpenReadOnly(%s): %v, want ErrPathOptions", hash, err)
	}
	// Prefixes the driver or DuckDB would read specially are file names.
	t.Chdir(dir)
	for _, name := range []string{"md:ginlog", ":memory:x"} {
		db, err := Open(ctx, name)
		if err != nil {
			t.Fatalf("Open(%s): %v", name, err)
		}
		closeDB(t, db)
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("Open(%s) did not create the file %s: %v", name, name, err)
		}
	}
}

// TestNotARegularFile checks that a database path naming a named pipe or a
// device is refused at once, without opening (a pipe would block).
func TestNotARegularFile(t *testing.T) {
	ctx := context.Background()
	fifo := filepath.Join(t.TempDir(), "g.duckdb")
	if err := mkfifo(fifo); err != nil {
		testenv.Missing(t, "no named pipes here: %v", err)
	}
	for _, path := range []string{fifo, os.DevNull, t.TempDir()} {
		if db, err := Open(ctx, path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			if err == nil {
				closeDB(t, db)
			}
			t.Errorf("Open(%s): %v, want not a regular file", path, err)
		}
		if db, err := OpenReadOnly(ctx, path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			if err == nil {
				closeDB(t, db)
			}
			t.Errorf("OpenReadOnly(%s): %v, want not a regular file", path, err)
		}
	}
}

// TestRefusesLinksBeside checks that a link or a named pipe where DuckDB
// keeps the write-ahead log, and a link that leads nowhere at the
// database's path, are refused by the writer and the reader before DuckDB
// opens anything: DuckDB would write through the link, create the
// database at its target, or block on the pipe.
func TestRefusesLinksBeside(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, db, outside string)
		read  error // the reader's error: ErrNotRegular, or what it says of a missing database
	}{
		{"log linked to a file outside", func(t *testing.T, db, outside string) {
			mustSymlink(t, filepath.Join(outside, "victim"), db+".wal")
		}, ErrNotRegular},
		{"log linked nowhere", func(t *testing.T, db, outside string) {
			mustSymlink(t, filepath.Join(outside, "created"), db+".wal")
		}, ErrNotRegular},
		{"log a named pipe", func(t *testing.T, db, _ string) {
			if err := mkfifo(db + ".wal"); err != nil {
				testenv.Missing(t, "no named pipes here: %v", err)
			}
		}, ErrNotRegular},
		{"database linked nowhere", func(t *testing.T, db, outside string) {
			if err := os.Remove(db); err != nil {
				t.Fatal(err)
			}
			mustSymlink(t, filepath.Join(outside, "created"), db)
		}, ErrNoDatabase},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			victim := filepath.Join(outside, "victim")
			if err := os.WriteFile(victim, []byte("keep"), 0o644); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "g.duckdb")
			db, err := Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			closeDB(t, db)
			tc.setup(t, path, outside)
			for _, open := range []struct {
				name string
				fn   func(context.Context, string) (*DB, error)
				want error
			}{{"Open", Open, ErrNotRegular}, {"OpenReadOnly", OpenReadOnly, tc.read}} {
				done := make(chan error, 1)
				go func() {
					db, err := open.fn(ctx, path)
					if err == nil {
						db.Close()
					}
					done <- err
				}()
				select {
				case err = <-done:
				case <-time.After(20 * time.Second):
					t.Fatalf("%s still blocked after 20 s", open.name)
				}
				if !errors.Is(err, open.want) {
					t.Errorf("%s: %v, want %v", open.name, err, open.want)
				}
			}
			if b, err := os.ReadFile(victim); err != nil || string(b) != "keep" {
				t.Errorf("written through a link: %q, %v", b, err)
			}
			if _, err := os.Lstat(filepath.Join(outside, "created")); !errors.Is(err, fs.ErrNotExist) {
				t.Error("a file was created through a link")
			}
		})
	}
}

// mustSymlink makes a test's link.
func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// TestRefusesForeignAndNewer checks that a DuckDB file another program
// made, and a database of a newer schema, are refused by the writer
// without being changed, and by the reader.
func TestRefusesForeignAndNewer(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	foreign := filepath.Join(dir, "other.duckdb")
	c, err := duckdb.NewConnector(foreign, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw := sql.OpenDB(c)
	if _, err := raw.Exec(`CREATE TABLE accounts (id INTEGER)`); err != nil {
		t.Fatal(err)
	}
	closeDB(t, raw)
	if db, err := Open(ctx, foreign); !errors.Is(err, ErrNotGinlog) {
		if err == nil {
			closeDB(t, db)
		}
		t.Errorf("Open(foreign): %v, want ErrNotGinlog", err)
	}
	if db, err := OpenReadOnly(ctx, foreign); !errors.Is(err, ErrNotGinlog) {
		if err == nil {
			closeDB(t, db)
		}
		t.Errorf("OpenReadOnly(foreign): %v, want ErrNotGinlog", err)
	}
	if c, err = duckdb.NewConnector(foreign, nil); err != nil {
		t.Fatal(err)
	}
	raw = sql.OpenDB(c)
	var n int
	if err := raw.QueryRow(`SELECT count(*) FROM duckdb_tables()`).Scan(&n); err != nil || n != 1 {
		t.Errorf("the foreign database has %d tables (%v), want its 1 table only", n, err)
	}
	closeDB(t, raw)

	newer := filepath.Join(dir, "newer.duckdb")
	db, err := Open(ctx, newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(recordVersionSQL, Latest()+1); err != nil {
		t.Fatal(err)
	}
	closeDB(t, db)
	if db, err := Open(ctx, newer); !errors.Is(err, ErrNewerSchema) {
		if err == nil {
			closeDB(t, db)
		}
		t.Errorf("Open(newer): %v, want ErrNewerSchema", err)
	}
	if db, err := OpenReadOnly(ctx, newer); !errors.Is(err, ErrNewerSchema) {
		if err == nil {
			closeDB(t, db)
		}
		t.Errorf("OpenReadOnly(newer): %v, want ErrNewerSchema", err)
	}
	// An empty DuckDB file is a new ginlog database.
	empty := filepath.Join(dir, "empty.duckdb")
	if c, err = duckdb.NewConnector(empty, nil); err != nil {
		t.Fatal(err)
	}
	closeDB(t, sql.OpenDB(c))
	if db, err := Open(ctx, empty); err != nil {
		t.Errorf("Open(empty DuckDB file): %v", err)
	} else {
		closeDB(t, db)
	}
}

// TestReadOnlySpillsToItsOwnFolder checks that a read-only database that
// runs out of memory spills to a folder of its own, not beside the
// database, and that Close removes it.
func TestReadOnlySpillsToItsOwnFolder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "g.duckdb")
	w, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	closeDB(t, w)
	db, err := OpenReadOnlyWith(ctx, path, ReadOnlyOptions{MemoryLimit: "64MB"})
	if err != nil {
		t.Fatal(err)
	}
	var tmp, limit string
	if err := db.QueryRow(`SELECT current_setting('temp_directory'), current_setting('memory_limit')`).Scan(&tmp, &limit); err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(tmp, dir) || !strings.Contains(limit, "MiB") {
		t.Errorf("temp_directory %s (want outside %s), memory_limit %s", tmp, dir, limit)
	}
	var n int64
	if err := db.QueryRow(`SELECT count(*) FROM (SELECT range, random() AS r FROM range(10000000) ORDER BY r)`).Scan(&n); err != nil || n != 10000000 {
		t.Fatalf("sort past the memory limit: %d, %v", n, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the temporary folder %s is still there: %v", tmp, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "g.duckdb" {
			t.Errorf("%s appeared beside the database", e.Name())
		}
	}
}

// crashAfter closes db without DuckDB's checkpoint at shutdown, as a
// process killed after its last commit leaves it: what it wrote is only in
// the write-ahead log, which the next open replays.
func crashAfter(t *testing.T, db *DB) {
	t.Helper()
	if _, err := db.Exec(`PRAGMA disable_checkpoint_on_shutdown`); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(db.Path + ".wal"); err != nil {
		t.Fatalf("no write-ahead log to replay: %v", err)
	}
}

// TestReopenAfterACrash: a database killed right after it was created and
// migrated, before any checkpoint, opens again at the latest version, its
// comments in place: the write-ahead log of every migration replays.
func TestReopenAfterACrash(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	crashAfter(t, db)
	checkLatest(t, path, 0)
}

// checkLatest opens the database at path and checks that it is at the
// latest version, holds games games and describes its columns.
func checkLatest(t *testing.T, path string, games int) {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	if v, err := db.Version(ctx); err != nil || v != Latest() || Latest() < 3 {
		t.Fatalf("version %d (%v), want %d", v, err, Latest())
	}
	var n int
	var comment sql.NullString
	if err := db.QueryRow(`SELECT count(*) FROM games`).Scan(&n); err != nil || n != games {
		t.Errorf("%d games (%v), want %d", n, err, games)
	}
	if err := db.QueryRow(`SELECT comment FROM duckdb_columns() WHERE table_name = 'schema_version' AND column_name = 'applied_at'`).Scan(&comment); err != nil || !comment.Valid || comment.String == "" {
		t.Errorf("schema_version.applied_at comment %v (%v), want one", comment, err)
	}
}

// TestMigratesAnOlderDatabase builds a database at schema version 2, with
// a game in it, and checks that Open brings
// it to the latest version, keeping the rows and adding the comments, and
// that the migrated database opens again after a crash before any
// checkpoint.
func TestMigratesAnOlderDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v2.duckdb")
	version2(t, path)
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	crashAfter(t, db)
	checkLatest(t, path, 1)
}

// TestReadOnlyUpgradesAnOlderDatabase: a command that only reads (query,
// report, sql) opens a database an older ginlog wrote by upgrading it
// first, not by failing on a column the old schema lacks; when another
// process reads the database (an older ginlog's query, say), the upgrade
// cannot take the write lock and the error says why, as a *LockedError.
func TestReadOnlyUpgradesAnOlderDatabase(t *testing.T) {
	if path := os.Getenv("GINLOG_TEST_HOLD_OLD_DB"); path != "" {
		c, err := duckdb.NewConnector(path+"?access_mode=read_only", nil)
		if err != nil {
			os.Exit(1)
		}
		raw := sql.OpenDB(c)
		if err := raw.Ping(); err != nil {
			os.Exit(1)
		}
		os.Stdout.WriteString("holding\n")
		time.Sleep(30 * time.Second)
		raw.Close()
		os.Exit(0)
	}
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "v2.duckdb")
	version2(t, path)
	db, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatalf("read-only open of a version-2 database: %v", err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM games WHERE kind = 'gin'`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d Gin games (%v), want 1: the upgrade did not run", n, err)
	}
	if v, err := db.Version(ctx); err != nil || v != Latest() {
		t.Errorf("version %d (%v), want %d", v, err, Latest())
	}
	closeDB(t, db)

	held := filepath.Join(dir, "held.duckdb")
	version2(t, held)
	holdInChild(t, "GINLOG_TEST_HOLD_OLD_DB", held)
	_, err = OpenReadOnly(ctx, held)
	var le *LockedError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "schema version 2 and must be upgraded") {
		t.Fatalf("read-only open of a held version-2 database: %v, want a LockedError saying it must be upgraded", err)
	}
}

// holdInChild runs the calling test again in a child process with env set
// to path, where the test holds the database open and prints "holding",
// and returns once it does; the child is killed when the test ends.
func holdInChild(t *testing.T, env, path string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^"+t.Name()+"$")
	cmd.Env = append(os.Environ(), env+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	buf := make([]byte, 8)
	if _, err := out.Read(buf); err != nil || !strings.HasPrefix(string(buf), "holding") {
		t.Fatalf("child did not open the database: %q %v", buf, err)
	}
	return cmd
}

// version2 writes at path a database at schema version 2, with a game in
// it, as the ginlog of that version left it (schema_version's applied_at
// with DEFAULT current_timestamp).
func version2(t *testing.T, path string) {
	t.Helper()
	c, err := duckdb.NewConnector(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw := sql.OpenDB(c)
	if _, err := raw.Exec(`CREATE TABLE schema_version (
		version INTEGER PRIMARY KEY, applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp)`); err != nil {
		t.Fatal(err)
	}
	for v, name := range []string{"sql/001_init.sql", "sql/002_replay.sql"} {
		ddl, err := migrations.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(string(ddl)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := raw.Exec(`INSERT INTO schema_version (version) VALUES (?)`, v+1); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := raw.Exec(`INSERT INTO games VALUES (1, 1604731633, '2020-11-07 06:47:13', 'h', 'c', NULL, NULL, NULL, 1, 2, 10, 101, 'opp', 1)`); err != nil {
		t.Fatal(err)
	}
	if err := raw.Close(); err != nil {
		t.Fatal(err)
	}
}

// closeDB closes a database (or anything else) a test opened, and fails
// the test if that fails.
func closeDB(t *testing.T, c interface{ Close() error }) {
	t.Helper()
	if err := c.Close(); err != nil {
		t.Error(err)
	}
}

// TestMigratePlayers builds a database at schema version 5 holding Hearts
// games of several imports and checks that version 6 qualifies each game's
// players by the origin docs/hearts.md's rule gives (ingest.Origin, whose
// test holds the same cases), and that the seats carry the qualified ids.
func TestMigratePlayers(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v5.duckdb")
	c, err := duckdb.NewConnector(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw := sql.OpenDB(c)
	if _, err := raw.Exec(`CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMP NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for v := 1; v <= 5; v++ {
		names, _ := fs.Glob(migrations, fmt.Sprintf("sql/%03d_*.sql", v))
		ddl, err := migrations.ReadFile(names[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(string(ddl)); err != nil {
			t.Fatalf("%s: %v", names[0], err)
		}
		if _, err := raw.Exec(`INSERT INTO schema_version VALUES (?, current_timestamp)`, v); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		paths         string // the import's paths, as a list literal
		source, group string
		want          string // the origin
	}{
		{`['../hearts']`, "", "../hearts/repoA/logs", "hearts/repoA/logs"},
		{`['repoB/']`, "", "repoB/logs", "repoB/logs"},
		{`['other', 'x']`, "fit", "x/r/logs", "fit/r/logs"},
		{`['./repoC']`, "", "repoC", "repoC"},
		{`['a.zip']`, "", "a.zip!in/logs", "a.zip/in/logs"},
		{`['.']`, "", "repoD/logs", "repoD/logs"},
		{`['logs/*']`, "", "logs/a", "a"},
		{`['logs/*']`, "s", "logs/b", "s"},
	}
	for i, tc := range cases {
		id := i + 1
		var source any
		if tc.source != "" {
			source = tc.source
		}
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO imports VALUES (?, current_timestamp, current_timestamp, ` + tc.paths + `, ?, NULL)`, []any{id, source}},
			{`INSERT INTO games (game_id, log_ts, played_at, content_hash, canonical_hash, source, rounds, plays, import_id, kind)
			  VALUES (?, 1, '2019-10-02', 'h' || ?, 'c' || ?, ?, 1, 52, ?, 'hearts')`, []any{id, id, id, source, id}},
			{`INSERT INTO hearts_games VALUES (?, 4, 'by-player', ?, 1, 0)`, []any{id, tc.group}},
			{`INSERT INTO game_players VALUES (?, 0, '1', true), (?, 1, NULL, false)`, []any{id, id}},
			{`INSERT INTO hearts_seats (game_id, hand, pos, player, players, determined) VALUES (?, 1, 0, '1', 4, true), (?, 1, 1, NULL, 4, true)`, []any{id, id}},
		} {
			if _, err := raw.Exec(q.sql, q.args...); err != nil {
				t.Fatalf("%s: %v", q.sql, err)
			}
		}
	}
	closeDB(t, raw)
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer closeDB(t, db)
	for i, tc := range cases {
		var origin, player, seat string
		var none, noSeat sql.NullString
		err := db.QueryRow(`SELECT h.origin, p.player, s.player, q.player, r.player
			FROM hearts_games h JOIN game_players p ON p.game_id = h.game_id AND p.pos = 0
			JOIN hearts_seats s ON s.game_id = h.game_id AND s.pos = 0
			JOIN game_players q ON q.game_id = h.game_id AND q.pos = 1
			JOIN hearts_seats r ON r.game_id = h.game_id AND r.pos = 1
			WHERE h.game_id = ?`, i+1).Scan(&origin, &player, &seat, &none, &noSeat)
		if err != nil {
			t.Fatal(err)
		}
		if origin != tc.want || player != tc.want+"/1" || seat != player || none.Valid || noSeat.Valid {
			t.Errorf("import of %s (source %q), group %s: origin %q, player %q, seat %q, no file %v %v; want %q",
				tc.paths, tc.source, tc.group, origin, player, seat, none, noSeat, tc.want)
		}
	}
	var merges int
	if err := db.QueryRow(`SELECT count(*) FROM player_merges`).Scan(&merges); err != nil || merges != 0 {
		t.Errorf("%d merges (%v), want an empty player_merges", merges, err)
	}
}
