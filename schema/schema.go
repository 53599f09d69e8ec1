// Package schema owns ginlog's DuckDB database: the DDL (embedded .sql
// files in sql/, one per schema version, applied in order on open and
// recorded in schema_version), opening the file for writing or read-only,
// and Batch, the appender transaction. Every table and column carries its
// description in the database (COMMENT ON, from version 4; the Hearts tables of version 3 carry theirs), which Describe
// reads back and docs/schema.md is generated from. The statements the
// package runs itself are the files of sql/open/ (opening, migrating and
// locking a database) and sql/catalog/ (reading its tables, columns and
// ENUMs back for Describe).
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
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/internal/safefile"
)

//go:embed sql/*.sql
var migrations embed.FS

// The statements schema runs to open a database, one file each in
// sql/open/.
var (
	//go:embed sql/open/version.sql
	versionSQL string
	//go:embed sql/open/objects.sql
	objectsSQL string
	//go:embed sql/open/version-table.sql
	versionTableSQL string
	//go:embed sql/open/record-version.sql
	recordVersionSQL string
	//go:embed sql/open/lock-down.sql
	lockDownSQL string
	//go:embed sql/open/read-only-settings.sql
	readOnlySettingsSQL string
)

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
	// tempDir is the folder a read-only database spills to, created for it
	// and removed by Close.
	tempDir string
}

// Close closes the database and removes the folder it spilled to, if any.
func (db *DB) Close() error {
	err := db.DB.Close()
	if db.tempDir != "" {
		if rerr := os.RemoveAll(db.tempDir); rerr != nil && err == nil {
			err = fmt.Errorf("remove the temporary folder of %s: %w", db.Path, rerr)
		}
	}
	return err
}

// Open opens (creating if needed) the database at path for writing and
// migrates it to the latest schema version. An empty path or MemoryPath
// opens a fresh in-memory database. It refuses a DuckDB file that is not a
// ginlog database (ErrNotGinlog) and one written by a newer ginlog
// (ErrNewerSchema) rather than change them.
func Open(ctx context.Context, path string) (*DB, error) {
	return OpenWith(ctx, path, Limits{})
}

// OpenWith is Open with limits on DuckDB's memory and threads.
func OpenWith(ctx context.Context, path string, limits Limits) (*DB, error) {
	q := url.Values{
		"autoinstall_known_extensions": {"false"},
		"autoload_known_extensions":    {"false"},
	}
	if err := limits.set(q); err != nil {
		return nil, err
	}
	name, err := dsn(path, false, q)
	if err != nil {
		return nil, err
	}
	c, err := duckdb.NewConnector(name, nil)
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
	return OpenReadOnlyWith(ctx, path, ReadOnlyOptions{})
}

// OpenReadOnlyWith is OpenReadOnly with limits. The database is opened with
// external access disabled, extensions neither installed nor loaded, the
// configuration locked, and a temporary folder of its own to spill to
// (removed by Close), so that nothing is written beside the database; the
// settings are read back to check that they hold. A database of an older
// ginlog is first upgraded to the latest schema version, as a command that
// writes would (the migrations only add); one that another process holds
// open for writing cannot be, and gives an error that says so.
func OpenReadOnlyWith(ctx context.Context, path string, opts ReadOnlyOptions) (*DB, error) {
	db, err := openReadOnly(ctx, path, opts)
	if err != nil {
		return nil, err
	}
	v, err := db.Version(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, ErrNotGinlog)
	}
	switch {
	case v > Latest():
		db.Close()
		return nil, fmt.Errorf("%s has schema version %d, this ginlog knows up to %d: %w", path, v, Latest(), ErrNewerSchema)
	case v == Latest():
		return db, nil
	}
	// A database of an older ginlog: upgrade it as any command that writes
	// would, then open it read-only again.
	db.Close()
	if err := upgrade(ctx, path, v, opts); err != nil {
		return nil, err
	}
	return openReadOnly(ctx, path, opts)
}

// upgrade migrates the database at path, at schema version from, to the
// latest version.
func upgrade(ctx context.Context, path string, from int, limits Limits) error {
	db, err := OpenWith(ctx, path, limits)
	var locked *LockedError
	switch {
	case errors.As(err, &locked):
		return fmt.Errorf("%s has schema version %d and must be upgraded to %d before it is read, which needs it unlocked: %w", path, from, Latest(), err)
	case err != nil:
		return fmt.Errorf("upgrade %s from schema version %d: %w", path, from, err)
	}
	return db.Close()
}

// openReadOnly opens the database at path read-only and locks it down,
// without looking at its schema version.
func openReadOnly(ctx context.Context, path string, opts ReadOnlyOptions) (*DB, error) {
	if path == "" || path == MemoryPath {
		return nil, fmt.Errorf("%w at %s: an in-memory database holds nothing to read; name a file with --db", ErrNoDatabase, path)
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("database %q: %w", path, ErrPathOptions)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("%w at %s: run ginlog ingest first, or name one with --db", ErrNoDatabase, path)
	}
	tmp, err := os.MkdirTemp("", "ginlog-")
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	q := url.Values{
		"access_mode":                  {"read_only"},
		"autoinstall_known_extensions": {"false"},
		"autoload_known_extensions":    {"false"},
		"temp_directory":               {tmp},
	}
	if err := opts.set(q); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	name, err := dsn(path, true, q)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	c, err := duckdb.NewConnector(name, nil)
	if err != nil {
		os.RemoveAll(tmp)
		return nil, classify(path, err)
	}
	db := &DB{DB: sql.OpenDB(c), Path: path, Connector: c, tempDir: tmp}
	// The driver sets the options in no fixed order, and DuckDB refuses
	// temp_directory once external access is disabled and every option
	// once the configuration is locked: both come after opening.
	if _, err := db.ExecContext(ctx, lockDownSQL); err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if err := db.checkSandbox(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// checkSandbox reads back the settings that make a database read-only.
func (db *DB) checkSandbox(ctx context.Context) error {
	var mode string
	var external, locked bool
	err := db.QueryRowContext(ctx, readOnlySettingsSQL).Scan(&mode, &external, &locked)
	if err != nil {
		return fmt.Errorf("open database %s: %w", db.Path, err)
	}
	if mode != "read_only" || external || !locked {
		return fmt.Errorf("open database %s: the read-only settings did not take (access_mode %s, external access %v, locked %v)", db.Path, mode, external, locked)
	}
	return nil
}

// MemoryPath names an in-memory database: nothing is written, and nothing
// persists after the process ends.
const MemoryPath = ":memory:"

// ErrPathOptions reports a database path the DuckDB driver would read
// connection options from: it splits its data source name at '?' and
// parses it as a URL, where '#' starts a fragment that hides the options
// after it.
var ErrPathOptions = errors.New("a database path may not contain '?' or '#': the DuckDB driver would read connection options from it; rename the file or its folder")

// dsn returns the driver's data source name for the database at path with
// the options q: never options taken from the path. A relative path is made
// absolute, so that no prefix (md:, s3://, :memory:) is read as anything but
// a file name. existing requires the file to exist; either way it must be a
// regular file if it does.
func dsn(path string, existing bool, q url.Values) (string, error) {
	if path == "" || path == MemoryPath {
		return MemoryPath + "?" + q.Encode(), nil
	}
	if strings.ContainsAny(path, "?#") {
		return "", fmt.Errorf("database %q: %w", path, ErrPathOptions)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("database %s: %w", path, err)
	}
	info, err := os.Stat(abs)
	switch {
	case err == nil && !info.Mode().IsRegular():
		return "", notRegular(fmt.Sprintf("database %s is not a regular file (%s)", path, safefile.Kind(info.Mode())))
	case errors.Is(err, fs.ErrNotExist) && isLink(abs):
		return "", notRegular(fmt.Sprintf("database %s is a link that leads nowhere: a new database is never created through a link", path))
	case err != nil && (existing || !errors.Is(err, fs.ErrNotExist)):
		return "", fmt.Errorf("database %s: %w", path, err)
	}
	if err := CheckWAL(path); err != nil {
		return "", err
	}
	name := abs + "?" + q.Encode()
	if _, err := url.Parse(name); err != nil {
		return "", fmt.Errorf("database %q cannot be named to the DuckDB driver: %w", path, err)
	}
	return name, nil
}

// ErrNotRegular reports a database path, or the write-ahead log beside
// it, that is neither a regular file nor a new path: a pipe, a device, a
// folder, a link that leads nowhere. A link to a database is followed:
// DuckDB opens nothing but a DuckDB file there, and ginlog no DuckDB file
// another program made.
var ErrNotRegular = errors.New("not a regular file")

// notRegular is an error of ErrNotRegular with a message of its own.
type notRegular string

func (e notRegular) Error() string      { return string(e) }
func (notRegular) Is(target error) bool { return target == ErrNotRegular }

// CheckWAL returns an error of ErrNotRegular when something other than a
// regular file is where DuckDB keeps the write-ahead log of the database
// at path: DuckDB would write through a link there and block on a named
// pipe, where even SIGTERM cannot stop it.
func CheckWAL(path string) error {
	wal := path + ".wal"
	if info, err := os.Lstat(wal); err == nil && !info.Mode().IsRegular() {
		return notRegular(fmt.Sprintf("database %s: its write-ahead log %s is %s, not a regular file: remove it", path, wal, safefile.Kind(info.Mode())))
	}
	return nil
}

// isLink reports whether path is a symbolic link.
func isLink(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && info.Mode()&fs.ModeSymlink != 0
}

// Latest returns the newest schema version this build knows.
func Latest() int {
	files, _ := fs.Glob(migrations, "sql/*.sql")
	return len(files)
}

// Version returns the schema version of the database.
func (db *DB) Version(ctx context.Context) (int, error) {
	var v int
	err := db.QueryRowContext(ctx, versionSQL).Scan(&v)
	return v, err
}

// migrate applies, each in its own transaction, the migrations newer than
// the database's version. It refuses a database that holds tables but no
// schema_version (another program's) and one newer than this build.
func (db *DB) migrate(ctx context.Context) error {
	var objects, versioned int
	if err := db.QueryRowContext(ctx, objectsSQL).Scan(&objects, &versioned); err != nil {
		return classify(db.Path, err)
	}
	if objects > 0 && versioned == 0 {
		return fmt.Errorf("%s holds %d tables or views but no schema_version: %w", db.Path, objects, ErrNotGinlog)
	}
	if _, err := db.ExecContext(ctx, versionTableSQL); err != nil {
		return classify(db.Path, err)
	}
	current, err := db.Version(ctx)
	if err != nil {
		return err
	}
	if current > Latest() {
		return fmt.Errorf("%s has schema version %d, this ginlog knows up to %d: %w", db.Path, current, Latest(), ErrNewerSchema)
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
		ddl, err := migrations.ReadFile(name)
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
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
	if _, err := tx.ExecContext(ctx, recordVersionSQL, version); err != nil {
		return err
	}
	return tx.Commit()
}

// ErrNoDatabase reports a read-only open of a file that does not exist.
var ErrNoDatabase = errors.New("no database")

// ErrNotGinlog reports a DuckDB file that ginlog did not create: ginlog
// neither reads nor adds tables to it.
var ErrNotGinlog = errors.New("not a ginlog database: name another file with --db")

// ErrNewerSchema reports a database written by a newer ginlog.
var ErrNewerSchema = errors.New("written by a newer ginlog: upgrade ginlog to use it")
