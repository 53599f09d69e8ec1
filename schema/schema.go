// Package schema owns ginlog's DuckDB database: the DDL (embedded .sql
// files, one per schema version, applied in order on open and recorded in
// schema_version) and opening the file for writing or read-only. The tables
// are documented in the DDL comments and in docs/schema.md.
package schema

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/duckdb/duckdb-go/v2"
)

//go:embed sql/*.sql
var migrations embed.FS

// DefaultPath is the database file used when neither --db nor GINLOG_DB
// names one.
const DefaultPath = "ginlog.duckdb"

// LockedError reports a database file held by another process. DuckDB
// allows one writer process at a time.
type LockedError struct {
	Path   string
	Holder string // the program holding the lock, as DuckDB reports it
	PID    int
}

func (e *LockedError) Error() string {
	return fmt.Sprintf("database %s is locked by another process: %s (PID %d); wait for it to finish or stop it", e.Path, e.Holder, e.PID)
}

var lockHeld = regexp.MustCompile(`Conflicting lock is held in (.*) \(PID (\d+)\)`)

// classify turns DuckDB's lock conflict into a *LockedError.
func classify(path string, err error) error {
	if m := lockHeld.FindStringSubmatch(err.Error()); m != nil {
		pid, _ := strconv.Atoi(m[2])
		return &LockedError{Path: path, Holder: m[1], PID: pid}
	}
	return fmt.Errorf("open database %s: %w", path, err)
}

// DB is an open ginlog database.
type DB struct {
	*sql.DB
	Path      string
	Connector *duckdb.Connector
}

// Open opens (creating if needed) the database at path for writing and
// migrates it to the latest schema version. An empty path opens a fresh
// in-memory database.
func Open(ctx context.Context, path string) (*DB, error) {
	c, err := duckdb.NewConnector(path, nil)
	if err != nil {
		return nil, classify(path, err)
	}
	db := &DB{DB: sql.OpenDB(c), Path: path, Connector: c}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// OpenReadOnly opens an existing database for reading only, with access
// to files outside it disabled: queries can neither write nor read or
// attach other files.
func OpenReadOnly(ctx context.Context, path string) (*DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("%w at %s: run ginlog ingest first, or name one with --db", ErrNoDatabase, path)
	}
	q := url.Values{"access_mode": {"read_only"}, "enable_external_access": {"false"}, "lock_configuration": {"true"}}
	c, err := duckdb.NewConnector(path+"?"+q.Encode(), nil)
	if err != nil {
		return nil, classify(path, err)
	}
	db := &DB{DB: sql.OpenDB(c), Path: path, Connector: c}
	v, err := db.Version(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s is not a ginlog database: %w", path, err)
	}
	if v > Latest() {
		db.Close()
		return nil, fmt.Errorf("%s has schema version %d, newer than this ginlog (%d)", path, v, Latest())
	}
	return db, nil
}

// Latest returns the newest schema version this build knows.
func Latest() int {
	files, _ := fs.Glob(migrations, "sql/*.sql")
	return len(files)
}

// Version returns the schema version of the database.
func (db *DB) Version(ctx context.Context) (int, error) {
	var v int
	err := db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// migrate applies, each in its own transaction, the migrations newer than
// the database's version.
func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version INTEGER PRIMARY KEY, applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp)`); err != nil {
		return classify(db.Path, err)
	}
	current, err := db.Version(ctx)
	if err != nil {
		return err
	}
	files, _ := fs.Glob(migrations, "sql/*.sql")
	slices.Sort(files)
	for i, name := range files {
		version := i + 1
		if !strings.HasPrefix(name, fmt.Sprintf("sql/%03d_", version)) {
			return fmt.Errorf("migration %s is out of sequence", name)
		}
		if version <= current {
			continue
		}
		ddl, _ := migrations.ReadFile(name)
		if err := db.apply(ctx, version, string(ddl)); err != nil {
			return fmt.Errorf("migrate %s to version %d: %w", db.Path, version, err)
		}
	}
	return nil
}

func (db *DB) apply(ctx context.Context, version int, ddl string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, ddl); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, version); err != nil {
		return err
	}
	return tx.Commit()
}

// ErrNoDatabase reports a read-only open of a file that does not exist.
var ErrNoDatabase = errors.New("no database")
