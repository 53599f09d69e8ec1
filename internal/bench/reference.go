package bench

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"path/filepath"
)

var (
	//go:embed sql/read-csv-turns.sql
	readCSVTurnsSQL string
	//go:embed sql/read-csv-scores.sql
	readCSVScoresSQL string
	//go:embed sql/raw-counts.sql
	rawCountsSQL string
)

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
