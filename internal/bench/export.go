package bench

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/dataset"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
)

//go:embed sql/export-database.sql
var exportDatabaseSQL string

// ExportResult is what Export measured.
type ExportResult struct {
	Games         int
	Plays         int64
	DatabaseBytes int64   // the database file
	Seconds       float64 // ginlog export-data of the whole database into a new folder
	CPU           float64 // its CPU seconds, all threads
	Again         float64 // the same export run again: nothing new
	Reference     float64 // DuckDB's EXPORT DATABASE (FORMAT parquet) of the same database
	ReferenceCPU  float64 // its CPU seconds
	Files         int
	Bytes         int64 // the dataset's Parquet files
	ReferenceByte int64 // the reference's files
	Queries       []DatasetQueryTime
}

// DatasetQueryTime is a named query's best time over the database and
// over the dataset.
type DatasetQueryTime struct {
	Name                    string
	Rows                    int
	Database, Dataset       float64 // best wall seconds
	DatabaseCPU, DatasetCPU float64 // the least CPU seconds of a run
}

// Export times ginlog's export of the verified database of the corpus of
// n games (built and kept in the work directory unless it exists) into a
// new dataset, a second run with nothing new, and DuckDB's own EXPORT
// DATABASE to Parquet of the same database; then every named query's
// best time over the database and over the dataset.
func (c *Config) Export(ctx context.Context, n int) (*ExportResult, error) {
	path, err := c.verifiedDB(ctx, n)
	if err != nil {
		return nil, err
	}
	res := &ExportResult{Games: n}
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("bench export: %w", err)
	}
	res.DatabaseBytes = info.Size()
	tmp, err := os.MkdirTemp(c.Work, ".export-")
	if err != nil {
		return nil, fmt.Errorf("bench export: %w", err)
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "dataset")
	c.logf("exporting %d games\n", n)
	start, cpu := time.Now(), startCPU()
	sum, err := dataset.Export(ctx, path, dir, dataset.Options{})
	if err != nil {
		return nil, fmt.Errorf("bench export: %w", err)
	}
	res.Seconds = time.Since(start).Seconds()
	if res.CPU, err = cpu.elapsed(); err != nil {
		return nil, fmt.Errorf("bench export: %w", err)
	}
	res.Files, res.Bytes = sum.Total.Files, sum.Total.Bytes
	start = time.Now()
	again, err := dataset.Export(ctx, path, dir, dataset.Options{})
	if err != nil {
		return nil, fmt.Errorf("bench export: again: %w", err)
	}
	res.Again = time.Since(start).Seconds()
	if again.Export != 0 {
		return nil, fmt.Errorf("bench export: a second export added export %d", again.Export)
	}
	ref := filepath.Join(tmp, "reference")
	if res.Reference, res.ReferenceCPU, err = exportReference(ctx, path, ref); err != nil {
		return nil, fmt.Errorf("bench export: reference: %w", err)
	}
	if res.ReferenceByte, err = parquetBytes(ref); err != nil {
		return nil, fmt.Errorf("bench export: reference: %w", err)
	}
	if res.Queries, res.Plays, err = c.datasetQueries(ctx, path, dir); err != nil {
		return nil, err
	}
	return res, nil
}

// exportReference times DuckDB's EXPORT DATABASE of the database at path
// into dir, in Parquet: wall and CPU seconds.
func exportReference(ctx context.Context, path, dir string) (float64, float64, error) {
	c, err := duckdb.NewConnector(schema.MemoryPath+"?"+url.Values{"autoload_known_extensions": {"false"}}.Encode(), nil)
	if err != nil {
		return 0, 0, err
	}
	db := sql.OpenDB(c)
	defer db.Close()
	db.SetMaxOpenConns(1)
	quote := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	if _, err := db.ExecContext(ctx, "ATTACH "+quote(path)+" AS src (READ_ONLY); USE src"); err != nil {
		return 0, 0, err
	}
	start, cpu := time.Now(), startCPU()
	if _, err := db.ExecContext(ctx, exportDatabaseSQL+" "+quote(dir)+" (FORMAT parquet, COMPRESSION zstd)"); err != nil {
		return 0, 0, err
	}
	wall := time.Since(start).Seconds()
	used, err := cpu.elapsed()
	return wall, used, err
}

// parquetBytes adds up the sizes of the Parquet files under dir.
func parquetBytes(dir string) (int64, error) {
	var n int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".parquet") {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		n += info.Size()
		return nil
	})
	return n, err
}

// datasetQueries times every named Gin Rummy query (the corpus is Gin
// Rummy) over the database at path and over the dataset in dir, best of runs each, with the default filters.
func (c *Config) datasetQueries(ctx context.Context, path, dir string) ([]DatasetQueryTime, int64, error) {
	db, err := schema.OpenReadOnly(ctx, path)
	if err != nil {
		return nil, 0, err
	}
	defer db.Close()
	ds, err := dataset.Open(ctx, dir)
	if err != nil {
		return nil, 0, err
	}
	defer ds.Close()
	var plays int64
	if err := db.QueryRowContext(ctx, countPlaysSQL).Scan(&plays); err != nil {
		return nil, 0, fmt.Errorf("bench export: count the plays: %w", err)
	}
	f := selection.Filters{Who: selection.DefaultWho, MinSample: selection.DefaultMinSample}
	var out []DatasetQueryTime
	for _, q := range queries.ForGame(queries.GameGin) {
		t := DatasetQueryTime{Name: q.Name}
		for i, src := range []queries.Source{{DB: db.DB}, {DB: ds.DB, Tables: queries.DatasetTables}} {
			leastCPU := math.Inf(1)
			sec, err := best(func() error {
				cpu := startCPU()
				r, err := src.Run(ctx, q, f)
				if err != nil {
					return err
				}
				t.Rows = len(r.Rows)
				used, err := cpu.elapsed()
				leastCPU = math.Min(leastCPU, used)
				return err
			})
			if err != nil {
				return nil, 0, fmt.Errorf("bench export: %w", err)
			}
			if i == 0 {
				t.Database, t.DatabaseCPU = sec, leastCPU
			} else {
				t.Dataset, t.DatasetCPU = sec, leastCPU
			}
		}
		out = append(out, t)
	}
	return out, plays, nil
}
