package bench

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/replay"
	"github.com/ginlog/ginlog/replay/store"
	"github.com/ginlog/ginlog/schema"
)

// Verify ingests the corpus of n games into a fresh database, without
// verifying it, then times the verification of every game: reading the
// plays, replaying every round, explaining every score, deriving the
// features and storing the results. The summary holds the time.
func (c *Config) Verify(ctx context.Context, n int) (sum *replay.Summary, err error) {
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
			sum, err = nil, cerr
		}
	}()
	s, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{corpus}})
	if err != nil {
		return nil, fmt.Errorf("bench verify: ingest: %w", err)
	}
	if s.Rejected != 0 {
		return nil, fmt.Errorf("bench verify: ingest rejected %d of the corpus's games", s.Rejected)
	}
	return store.Verify(ctx, db.DB, store.Selection{}, nil, nil)
}
