package bench

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/ginlog/ginlog/gin/replay"
	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/store"
)

// VerifyResult is a verify run: its summary, which holds the time, and
// the CPU time it took.
type VerifyResult struct {
	*replay.Summary
	// CPUSeconds is the process's CPU time during the verification, user
	// and system, every thread: what a shared machine distorts less than
	// the time (0 where it is not measured).
	CPUSeconds float64
}

// Verify ingests the corpus of n games into a fresh database, without
// verifying it, then times the verification of every game: reading the
// plays, replaying every round, explaining every score, deriving the
// features and storing the results.
func (c *Config) Verify(ctx context.Context, n int) (res *VerifyResult, err error) {
	corpus, err := c.Corpus(ctx, n)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(c.Work, "verify-"+c.key(n)+".duckdb")
	if err := removeDB(path); err != nil {
		return nil, fmt.Errorf("bench verify: %w", err)
	}
	db, err := schema.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			res, err = nil, cerr
		}
	}()
	s, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{corpus}})
	if err != nil {
		return nil, fmt.Errorf("bench verify: ingest: %w", err)
	}
	if s.Rejected != 0 {
		return nil, fmt.Errorf("bench verify: ingest rejected %d of the corpus's games", s.Rejected)
	}
	before, err := cpuSeconds()
	if err != nil {
		return nil, err
	}
	// Verify as ginlog verify does: the rollups built after it, in its time.
	start := time.Now()
	sum, err := store.Verify(ctx, db.DB, store.Selection{}, nil, nil)
	if err != nil {
		return nil, err
	}
	if err := queries.RefreshRollups(ctx, db.DB, 0); err != nil {
		return nil, err
	}
	sum.Seconds = time.Since(start).Seconds()
	sum.GamesPerS = float64(sum.Games) / max(sum.Seconds, 1e-9)
	after, err := cpuSeconds()
	if err != nil {
		return nil, err
	}
	return &VerifyResult{Summary: sum, CPUSeconds: after - before}, nil
}
