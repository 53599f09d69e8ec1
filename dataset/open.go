package dataset

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// Open opens the dataset in dir for reading.
func Open(ctx context.Context, dir string) (*DB, error) {
	abs, err := checkDir(dir)
	if err != nil {
		return nil, err
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	db, err := openMemory()
	if err != nil {
		return nil, err
	}
	for i := range m.Tables {
		view, err := viewSQL(&m.Tables[i], abs)
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("open dataset %s: %w", dir, err)
		}
		if _, err := db.ExecContext(ctx, view); err != nil {
			db.Close()
			return nil, fmt.Errorf("open dataset %s: table %s: %w", dir, m.Tables[i].Name, err)
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

// viewSQL returns the statement that defines a table's view: over its
// files, or an empty relation of the same columns when it has none.
func viewSQL(t *Table, dir string) (string, error) {
	files, err := Files(dir, t)
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
