package dataset

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
)

// DB is a dataset opened in DuckDB: an in-memory database with a view per
// table over its Parquet files, named as the tables (games, plays, ...,
// cards, enums), its columns as the dataset holds them (strings for the
// database's ENUMs, the partition columns last but source, which keeps its
// place in games and imports).
type DB struct {
	*sql.DB
	Dir      string
	Manifest *Manifest
}

// Open opens the dataset in dir for reading, once every file its
// manifest lists has passed CheckShape: a file that differs is a
// *DamagedError (ErrDamaged) naming it.
func Open(ctx context.Context, dir string) (*DB, error) {
	return OpenChecked(ctx, dir, CheckShape)
}

// OpenChecked opens the dataset in dir for reading, once every file its
// manifest lists has passed check.
func OpenChecked(ctx context.Context, dir string, check Check) (*DB, error) {
	abs, err := checkDir(dir)
	if err != nil {
		return nil, err
	}
	if info, err := os.Stat(abs); err == nil && !info.IsDir() {
		return nil, fmt.Errorf("dataset %s is %s, not a folder: %w", dir, safefile.Kind(info.Mode()), ErrPath)
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	db, err := openMemory()
	if err != nil {
		return nil, err
	}
	v := &verifier{db: db, dir: dir, abs: abs, check: check}
	if err := v.verify(ctx, m); err != nil {
		db.Close()
		return nil, err
	}
	for i := range m.Tables {
		view, err := viewSQL(m, &m.Tables[i], abs)
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("open dataset %s: %w", dir, err)
		}
		if _, err := db.ExecContext(ctx, view); err != nil {
			db.Close()
			return nil, fmt.Errorf("open dataset %s: table %s: %w", dir, m.Tables[i].Name, ReadError(err, check))
		}
	}
	return &DB{DB: db, Dir: dir, Manifest: m}, nil
}

// Files returns the Parquet files of a table of the dataset in dir, in
// order: for a partitioned table every part-*.parquet of its partitions.
func Files(dir string, t *Table) ([]string, error) {
	root := filepath.Join(dir, t.Name)
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && path == root {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() && path != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		name := d.Name()
		if !d.IsDir() && strings.HasSuffix(name, ".parquet") && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_") {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(out)
	return out, nil
}

// files returns the files the manifest lists for table t: a dimension's
// file, or the table's files of every export.
func (m *Manifest) files(t *Table) []File {
	var out []File
	if !t.Partitioned() {
		for _, f := range m.DimensionFiles {
			if f.Table == t.Name {
				out = append(out, f)
			}
		}
		return out
	}
	for _, x := range m.Exports {
		for _, f := range x.Files {
			if f.Table == t.Name {
				out = append(out, f)
			}
		}
	}
	return out
}

// Listed returns the Parquet files of a table of the dataset in dir that
// its manifest m lists, in order, each checked: a path that leaves the
// table's folder, or a file that is missing, not a regular file or
// reached through a link, is an error naming it. Files the manifest does
// not list are not read.
func Listed(dir string, m *Manifest, t *Table) ([]string, error) {
	files := m.files(t)
	out := make([]string, 0, len(files))
	for _, f := range files {
		p, err := checkListed(dir, t.Name, f.Path)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// checkListed checks a file the manifest lists, rel (slash-separated,
// under the folder of table), and returns its path under dir: every
// folder on the way must be a folder and the file a regular file, none
// of them a link. A missing file is a *DamagedError.
func checkListed(dir, table, rel string) (string, error) {
	if err := checkRel(table, rel); err != nil {
		return "", fmt.Errorf("%s: %w", ManifestName, err)
	}
	p := dir
	parts := strings.Split(rel, "/")
	for i, part := range parts {
		p = filepath.Join(p, part)
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return "", &DamagedError{Path: filepath.Join(dir, filepath.FromSlash(rel)), Problem: "is missing"}
		}
		if err != nil {
			return "", err
		}
		last := i == len(parts)-1
		if last && !info.Mode().IsRegular() || !last && !info.IsDir() {
			want := "a regular file"
			if !last {
				want = "a folder"
			}
			return "", fmt.Errorf("%s, on the way to %s, which %s lists, is %s, not %s", p, rel, ManifestName, safefile.Kind(info.Mode()), want)
		}
	}
	return filepath.Join(dir, filepath.FromSlash(rel)), nil
}

// viewSQL returns the statement that defines a table's view: over the
// files the manifest m lists, or an empty relation of the same columns
// when it lists none.
func viewSQL(m *Manifest, t *Table, dir string) (string, error) {
	files, err := Listed(dir, m, t)
	if err != nil {
		return "", err
	}
	var cols []string
	for _, c := range t.Columns {
		cols = append(cols, ident(c.Name))
	}
	if len(files) == 0 {
		var empty []string
		for _, c := range t.Columns {
			empty = append(empty, "CAST(NULL AS "+c.Type+") AS "+ident(c.Name))
		}
		return statement("empty-view.sql", map[string]any{"Name": ident(t.Name), "Columns": strings.Join(empty, ", ")})
	}
	quoted := make([]string, len(files))
	for i, f := range files {
		quoted[i] = literal(f)
	}
	return statement("parquet-view.sql", map[string]any{
		"Name": ident(t.Name), "Columns": strings.Join(cols, ", "), "Files": strings.Join(quoted, ", "),
		"Partitioned": t.Partitioned(), "SourceColumn": SourceColumn, "MonthColumn": MonthColumn,
	})
}

// kindTitles names the kinds of game in messages.
var kindTitles = map[string]string{schema.KindGin: "Gin Rummy", schema.KindHearts: "Hearts"}

// NoGames returns the error of a query over the dataset, which holds no
// game of kind (schema.KindGin or KindHearts): what the dataset lacks and
// what adds it, reading as selection.ErrNoGames. A manifest that lists
// games of kind the files do not hold gives an error reading as
// ErrDamaged instead.
func (db *DB) NoGames(kind string) error {
	m := db.Manifest
	var imports int
	rows := map[string]int64{}
	for _, x := range m.Exports {
		imports += len(x.Imports)
		for _, f := range x.Files {
			rows[f.Table] += f.Rows
		}
	}
	listed := rows["hearts_games"]
	if kind == schema.KindGin {
		listed = rows["games"] - rows["hearts_games"]
	}
	switch {
	case imports == 0:
		return fmt.Errorf("%w: the dataset %s holds no games yet: ginlog export-data adds an import once all its games are verified (run ginlog verify, then ginlog export-data again)", selection.ErrNoGames, db.Dir)
	case listed <= 0 && imports == 1:
		return fmt.Errorf("%w: the dataset %s holds no %s games: the import it holds has none (ginlog export-data adds the database's new imports)", selection.ErrNoGames, db.Dir, kindTitles[kind])
	case listed <= 0:
		return fmt.Errorf("%w: the dataset %s holds no %s games: none of the %d imports it holds has any (ginlog export-data adds the database's new imports)", selection.ErrNoGames, db.Dir, kindTitles[kind], imports)
	}
	return fmt.Errorf("%s: %w: it lists %d %s games, which its files do not hold%s", filepath.Join(db.Dir, ManifestName), ErrDamaged, listed, kindTitles[kind], rebuildAdvice)
}
