package dataset

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// selectList returns the expressions that read a table's data columns
// from the database as the dataset holds them. ENUMs are not cast: DuckDB
// writes an ENUM (or a list of them) as Parquet UTF8 strings from the
// ENUM's dictionary, the same column as a cast to VARCHAR gives, several
// times faster.
func selectList(t *Table) string {
	var cols []string
	for _, c := range t.DataColumns() {
		expr := "x." + ident(c.Name)
		if c.Database != "" && !strings.HasPrefix(c.Type, "VARCHAR") {
			expr = "CAST(" + expr + " AS " + c.Type + ")"
		}
		cols = append(cols, expr+" AS "+ident(c.Name))
	}
	return strings.Join(cols, ", ")
}

// writeTables writes export n: the rows of the batch's imports, one file
// per table and partition, staged first, then moved into place.
func (e *exporter) writeTables(ctx context.Context, n int, batch []int64) ([]File, error) {
	parts, err := e.selectBatch(ctx, batch)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(e.dir, stagingName), 0o755); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	var moves []stagedFile
	for i := range e.tables {
		t := &e.tables[i]
		if !t.Partitioned() {
			continue
		}
		staged, err := e.stageTable(ctx, t, n, parts)
		if err != nil {
			return nil, err
		}
		moves = append(moves, staged...)
	}
	var out []File
	for _, mv := range moves {
		f, err := e.moveStaged(ctx, mv)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// stagedFile is a Parquet file of a table in the staging folder (from),
// and where it goes in the dataset (to, relative to its folder).
type stagedFile struct {
	table, from, to string
}

// selectBatch fills the temporary tables that name the batch's imports
// and their partitions, and returns the batch's partition folders by
// partition number.
func (e *exporter) selectBatch(ctx context.Context, batch []int64) ([]string, error) {
	ids := make([]string, len(batch))
	for i, id := range batch {
		ids[i] = fmt.Sprintf("(%d)", id)
	}
	batchTable, err := statement("batch-table.sql", map[string]any{"Values": strings.Join(ids, ", ")})
	if err != nil {
		return nil, err
	}
	if _, err := e.db.ExecContext(ctx, batchTable); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	if _, err := e.db.ExecContext(ctx, batchSQL); err != nil {
		return nil, fmt.Errorf("export: partitions: %w", err)
	}
	return e.partitions(ctx)
}

// stageTable writes the batch's rows of t into the staging folder, one
// folder per partition, and returns its files with the names export n
// gives them in the partitions' folders. A table without rows in the
// batch has none.
func (e *exporter) stageTable(ctx context.Context, t *Table, n int, parts []string) ([]stagedFile, error) {
	key, from := "game_id", "game_parts"
	if t.Key == ByImport {
		key, from = "import_id", "import_parts"
	}
	stage := filepath.Join(e.dir, stagingName, t.Name)
	q, err := statement("copy-table.sql", map[string]any{
		"Columns": selectList(t), "Name": ident(t.Name), "Parts": from, "Key": key, "Stage": literal(stage),
	})
	if err != nil {
		return nil, err
	}
	if _, err := e.db.ExecContext(ctx, q); err != nil {
		return nil, fmt.Errorf("export %s: %w", t.Name, err)
	}
	dirs, err := os.ReadDir(stage)
	if os.IsNotExist(err) {
		return nil, nil // no rows
	}
	if err != nil {
		return nil, fmt.Errorf("export %s: %w", t.Name, err)
	}
	var staged []stagedFile
	for _, d := range dirs {
		var part int
		if _, err := fmt.Sscanf(d.Name(), "ginlog_part=%d", &part); err != nil || part < 0 || part >= len(parts) {
			return nil, fmt.Errorf("export %s: unexpected staged folder %s", t.Name, d.Name())
		}
		files, err := os.ReadDir(filepath.Join(stage, d.Name()))
		if err != nil {
			return nil, fmt.Errorf("export %s: %w", t.Name, err)
		}
		for j, f := range files {
			name := fmt.Sprintf("part-%05d.parquet", n)
			if len(files) > 1 {
				name = fmt.Sprintf("part-%05d-%d.parquet", n, j)
			}
			staged = append(staged, stagedFile{t.Name, filepath.Join(stage, d.Name(), f.Name()), filepath.Join(t.Name, parts[part], name)})
		}
	}
	return staged, nil
}

// moveStaged describes a staged file and moves it into place in the
// dataset.
func (e *exporter) moveStaged(ctx context.Context, mv stagedFile) (File, error) {
	to := filepath.Join(e.dir, mv.to)
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return File{}, fmt.Errorf("export %s: %w", mv.table, err)
	}
	f, err := e.describe(ctx, mv)
	if err != nil {
		return File{}, err
	}
	// Not through safefile: a rename never writes through a link at its
	// target (it replaces the name), and checkTree found none in the
	// dataset before the export began.
	if err := os.Rename(mv.from, to); err != nil {
		return File{}, fmt.Errorf("export %s: %w", mv.table, err)
	}
	return f, nil
}

// describe returns what the manifest records of a staged file: where it
// goes, its rows, bytes, SHA-256 and that of its footer.
func (e *exporter) describe(ctx context.Context, mv stagedFile) (File, error) {
	f := File{Path: filepath.ToSlash(mv.to), Table: mv.table}
	count, err := statement("count-parquet.sql", map[string]any{"Path": literal(mv.from)})
	if err != nil {
		return File{}, err
	}
	if err := e.db.QueryRowContext(ctx, count).Scan(&f.Rows); err != nil {
		return File{}, fmt.Errorf("export %s: %w", mv.table, err)
	}
	info, err := os.Stat(mv.from)
	if err != nil {
		return File{}, fmt.Errorf("export %s: %w", mv.table, err)
	}
	f.Bytes = info.Size()
	if f.SHA256, err = hashFile(mv.from); err != nil {
		return File{}, fmt.Errorf("export %s: %w", mv.table, err)
	}
	if f.FooterSHA256, err = hashFooter(mv.from, f.Bytes); err != nil {
		return File{}, fmt.Errorf("export %s: %w", mv.table, err)
	}
	return f, nil
}

// partitions returns the batch's partition folders by partition number.
func (e *exporter) partitions(ctx context.Context) ([]string, error) {
	rows, err := e.db.QueryContext(ctx, partsSQL)
	if err != nil {
		return nil, fmt.Errorf("export: partitions: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var part int
		var source *string
		var month string
		if err := rows.Scan(&part, &source, &month); err != nil {
			return nil, fmt.Errorf("export: partitions: %w", err)
		}
		if part != len(out) {
			return nil, fmt.Errorf("export: partition %d out of order", part)
		}
		out = append(out, partitionDir(source, month))
	}
	return out, rows.Err()
}
