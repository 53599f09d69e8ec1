package bench

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/duckdb/duckdb-go/v2"
	"github.com/ginlog/ginlog/schema"
)

var (
	//go:embed sql/read-csv-turns.sql
	readCSVTurnsSQL string
	//go:embed sql/read-csv-scores.sql
	readCSVScoresSQL string
	//go:embed sql/raw-counts.sql
	rawCountsSQL string
	//go:embed sql/memory-limit.sql
	memoryLimitSQL string
)

// openReference opens a new database at dbPath for the read_csv reference,
// with DuckDB's own memory limit (80% of the machine's memory, read from a
// DuckDB opened without settings) rather than the one ginlog sets for its
// own work: the reference measures DuckDB as it comes.
func openReference(ctx context.Context, dbPath string) (*schema.DB, error) {
	c, err := duckdb.NewConnector(schema.MemoryPath, nil)
	if err != nil {
		return nil, err
	}
	plain := sql.OpenDB(c)
	defer plain.Close()
	var limit string
	if err := plain.QueryRowContext(ctx, memoryLimitSQL).Scan(&limit); err != nil {
		return nil, fmt.Errorf("DuckDB's memory limit: %w", err)
	}
	return schema.OpenWith(ctx, dbPath, schema.Limits{MemoryLimit: strings.ReplaceAll(limit, " ", "")})
}

// ReadCSVReference loads the logs in dir with DuckDB's own CSV reader into
// raw tables shaped like the files (raw_turns, raw_scores, typed columns,
// the file name kept): the reference ingest is measured against. It checks
// nothing beyond what read_csv checks.
func ReadCSVReference(ctx context.Context, db *sql.DB, dir string) (turns, scores int64, err error) {
	for _, s := range []struct{ stmt, glob string }{
		{readCSVTurnsSQL, filepath.Join(dir, "*[0-9].csv")},
		{readCSVScoresSQL, filepath.Join(dir, "*-score.csv")},
	} {
		if _, err := db.ExecContext(ctx, s.stmt, s.glob); err != nil {
			return 0, 0, fmt.Errorf("read_csv %s: %w", s.glob, err)
		}
	}
	if err := db.QueryRowContext(ctx, rawCountsSQL).Scan(&turns, &scores); err != nil {
		return 0, 0, fmt.Errorf("count the raw rows: %w", err)
	}
	return turns, scores, nil
}
