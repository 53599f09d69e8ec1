package ingest

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
)

// ReadCSVReference loads the logs in dir with DuckDB's own CSV reader into
// raw tables shaped like the files (raw_turns, raw_scores, typed columns,
// the file name kept): the reference ingest is measured against. It checks
// nothing beyond what read_csv checks.
func ReadCSVReference(ctx context.Context, db *sql.DB, dir string) (turns, scores int64, err error) {
	glob := func(pattern string) string {
		return strings.ReplaceAll(filepath.Join(dir, pattern), "'", "''")
	}
	for _, q := range []string{
		fmt.Sprintf(`CREATE TABLE raw_turns AS SELECT * FROM read_csv('%s', header = false, filename = true,
			auto_detect = false, delim = ',', quote = '', columns = {'round': 'SMALLINT', 'hand': 'VARCHAR',
			'player': 'TINYINT', 'top': 'VARCHAR', 'drawn': 'VARCHAR', 'discarded': 'VARCHAR'})`, glob("*[0-9].csv")),
		fmt.Sprintf(`CREATE TABLE raw_scores AS SELECT * FROM read_csv('%s', header = false, filename = true,
			auto_detect = false, delim = ',', quote = '', columns = {'round': 'SMALLINT', 'you_points': 'SMALLINT',
			'opp_points': 'SMALLINT', 'action': 'VARCHAR', 'caller': 'TINYINT'})`, glob("*-score.csv")),
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return 0, 0, err
		}
	}
	if err := db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM raw_turns), (SELECT count(*) FROM raw_scores)`).Scan(&turns, &scores); err != nil {
		return 0, 0, err
	}
	return turns, scores, nil
}
