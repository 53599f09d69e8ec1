package ingest

import (
	"path/filepath"
	"testing"

	"github.com/ginlog/ginlog/internal/testenv"
)

const realHearts = "../../shared/hearts/logs"

// TestHeartsRealLogs ingests every real Hearts log, detected by content:
// every file loads, into as many games and hands as hlog reads.
func TestHeartsRealLogs(t *testing.T) {
	testenv.Dir(t, realHearts)
	db := openDB(t, filepath.Join(t.TempDir(), "h.duckdb"))
	s, errs := run(t, db.DB, realHearts)
	if len(errs) != 0 || s.Rejected != 0 || s.Files != 1481 || s.New+s.Mirrors != 361 || s.Hands == 0 {
		t.Fatalf("summary %+v, errors %v", s, errs[:min(len(errs), 5)])
	}
	t.Logf("%+v", s)
}
