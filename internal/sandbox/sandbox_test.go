package sandbox_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/internal/sandbox"
	"github.com/ginlog/ginlog/schema"
)

// snapshot lists the files under dir with a digest of each.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			lines = append(lines, p+"/")
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		lines = append(lines, fmt.Sprintf("%s %x", p, sha256.Sum256(b)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// TestEscapes runs every way out of the read-only database we know of:
// each is refused before it runs, and afterwards no file beside the
// database, in its WAL or in the folders the statements name has changed.
func TestEscapes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "g.duckdb")
	w, err := schema.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	// Leave committed rows in the WAL, as a fresh import does.
	for _, s := range []string{`PRAGMA disable_checkpoint_on_shutdown`, `INSERT INTO imports VALUES (1, now(), NULL, ['x'], NULL, NULL)`} {
		if _, err := w.ExecContext(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.csv")
	if err := os.WriteFile(secret, []byte("a\n1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wal, tmp := path+".wal", path+".tmp"
	before, beforeOut := snapshot(t, dir), snapshot(t, outside)
	if !strings.Contains(before, ".wal") {
		t.Fatalf("no WAL to protect:\n%s", before)
	}

	db, err := schema.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q := func(s string) string { return strings.ReplaceAll(s, "'", "''") }
	refused := []struct{ name, sql string }{
		{"copy to the WAL", `COPY (SELECT 1) TO '` + q(wal) + `'`},
		{"copy into db.tmp", `COPY (SELECT 1) TO '` + q(tmp) + `/x.csv'`},
		{"copy partitioned into db.tmp", `COPY (SELECT 1 AS a) TO '` + q(tmp) + `' (FORMAT csv, PARTITION_BY a)`},
		{"copy to /tmp", `COPY (SELECT 1) TO '` + q(filepath.Join(outside, "x.csv")) + `'`},
		{"copy from a file", `COPY imports FROM '` + q(secret) + `'`},
		{"export database", `EXPORT DATABASE '` + q(filepath.Join(outside, "exp")) + `'`},
		{"install", `INSTALL httpfs`},
		{"load", `LOAD httpfs`},
		{"attach a file", `ATTACH '` + q(filepath.Join(outside, "o.duckdb")) + `' AS o`},
		{"attach memory", `ATTACH ':memory:' AS m`},
		{"detach", `DETACH g`},
		{"use", `USE memory`},
		{"read_csv", `SELECT * FROM read_csv('` + q(secret) + `')`},
		{"read_text of the WAL", `SELECT * FROM read_text('` + q(wal) + `')`},
		{"read_blob of the database", `SELECT * FROM read_blob('` + q(path) + `')`},
		{"read_text in a subquery", `SELECT (SELECT content FROM read_text('/etc/passwd'))`},
		{"a file as a table", `SELECT * FROM '` + q(secret) + `'`},
		{"the WAL as a table", `FROM '` + q(wal) + `'`},
		{"glob", `SELECT * FROM glob('/etc/*')`},
		{"sniff_csv", `SELECT * FROM sniff_csv('` + q(secret) + `')`},
		{"pragma statement", `PRAGMA database_list`},
		{"pragma memory limit", `PRAGMA memory_limit='64GB'`},
		{"set", `SET enable_external_access = true`},
		{"set temp_directory", `SET temp_directory = '` + q(outside) + `'`},
		{"reset", `RESET memory_limit`},
		{"set variable", `SET VARIABLE v = 1`},
		{"call enable_logging", `CALL enable_logging(storage = 'file', storage_path = '` + q(tmp) + `')`},
		{"select enable_logging", `SELECT * FROM enable_logging(storage = 'file', storage_path = '` + q(outside) + `')`},
		{"qualified enable_logging", `SELECT * FROM system.main.enable_logging()`},
		{"quoted enable_logging", `SELECT * FROM "ENABLE_LOGGING"()`},
		{"truncate logs", `SELECT * FROM truncate_duckdb_logs()`},
		{"write_log", `SELECT write_log('x', level := 'error')`},
		{"checkpoint", `CHECKPOINT`},
		{"force checkpoint", `FORCE CHECKPOINT`},
		{"checkpoint function", `SELECT * FROM checkpoint()`},
		{"vacuum", `VACUUM`},
		{"analyze", `ANALYZE`},
		{"query()", `SELECT * FROM query('SELECT 1')`},
		{"query_table()", `SELECT * FROM query_table('games')`},
		{"json_execute_serialized_sql", `SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))`},
		{"two selects", `SELECT 1; SELECT 2`},
		{"select then copy", `SELECT 1; COPY (SELECT 1) TO '` + q(wal) + `'`},
		{"copy then select", `COPY (SELECT 1) TO '` + q(wal) + `'; SELECT 1`},
		{"create temp table", `CREATE TEMP TABLE t AS SELECT 1`},
		{"create macro", `CREATE TEMP MACRO m(x) AS x + 1`},
		{"insert", `INSERT INTO imports VALUES (2, now(), NULL, ['y'], NULL, NULL)`},
		{"update", `UPDATE games SET winner = 'you'`},
		{"delete", `DELETE FROM games`},
		{"drop", `DROP TABLE games`},
		{"alter", `ALTER TABLE games ADD COLUMN x INTEGER`},
		{"prepare", `PREPARE p AS SELECT 1`},
		{"begin", `BEGIN TRANSACTION`},
		{"explain", `EXPLAIN SELECT 1`},
		{"empty", ``},
		{"only a comment", `-- nothing`},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			err = sandbox.Check(ctx, conn, tc.sql)
			var r *sandbox.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("Check(%q) = %v, want a refusal", tc.sql, err)
			}
		})
	}
	if after := snapshot(t, dir); after != before {
		t.Errorf("the database's folder changed:\n%s\nwant:\n%s", after, before)
	}
	if after := snapshot(t, outside); after != beforeOut {
		t.Errorf("the outside folder changed:\n%s\nwant:\n%s", after, beforeOut)
	}
}

// TestAllowed checks that ordinary reading statements pass and run, and
// that one which does not parse gets the driver's typed parser error.
func TestAllowed(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.duckdb")
	w, err := schema.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := schema.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tc := range []struct{ name, sql string }{
		{"select", `SELECT count(*) FROM games`},
		{"from first", `FROM games LIMIT 1`},
		{"with", `WITH x AS (SELECT 1 AS a) SELECT a FROM x`},
		{"show tables", `SHOW TABLES`},
		{"describe", `DESCRIBE games`},
		{"summarize", `SUMMARIZE games`},
		{"range", `SELECT * FROM range(3)`},
		{"unnest", `SELECT unnest([1, 2, 3])`},
		{"pragma_table_info", `SELECT * FROM pragma_table_info('plays')`},
		{"duckdb_tables", `SELECT table_name FROM duckdb_tables()`},
		{"enum range", `SELECT unnest(enum_range(NULL::card))`},
		{"trailing semicolon", `SELECT 1;`},
		{"a string that looks like a statement", `SELECT 'COPY x TO ''y''; SELECT 1' AS s`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if err := sandbox.Check(ctx, conn, tc.sql); err != nil {
				t.Fatalf("Check(%q) = %v", tc.sql, err)
			}
			rows, err := conn.QueryContext(ctx, tc.sql)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if err := rows.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var de *duckdb.Error
	if err := sandbox.Check(ctx, conn, `SELEC 1`); !errors.As(err, &de) || de.Type != duckdb.ErrorTypeParser {
		t.Errorf("Check(SELEC 1) = %v, want a parser error", err)
	}
}
