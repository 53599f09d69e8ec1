package bench

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
)

var (
	//go:embed sql/full-scan.sql
	fullScanSQL string
	//go:embed sql/count-plays.sql
	countPlaysSQL string
)

// QueryTime is one named query's best time.
type QueryTime struct {
	Name    string
	Rows    int
	Seconds float64
	CPU     float64 // the least CPU time of the process over the runs (Hearts only): steadier than the time on a busy machine
}

// QueriesResult is what Queries measured.
type QueriesResult struct {
	Games   int
	Plays   int64   // plays (Gin), cards (Hearts)
	Hands   int64   // hands (Hearts)
	Scan    float64 // the best time of a full scan of play_features
	ScanCPU float64 // its least CPU time (Hearts only)
	Queries []QueryTime
}

// runs is how many times each query runs; the best time counts.
const runs = 3

// Queries times every named query on the verified database of the corpus
// of n games (built and kept in the work directory unless it exists), with
// the default filters, beside a plain full scan of play_features: the
// floor any query over the plays pays.
func (c *Config) Queries(ctx context.Context, n int) (*QueriesResult, error) {
	path, err := c.verifiedDB(ctx, n)
	if err != nil {
		return nil, err
	}
	db, err := schema.OpenReadOnly(ctx, path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	res := &QueriesResult{Games: n}
	if res.Scan, err = best(func() error {
		var rows, sum int64
		return db.QueryRowContext(ctx, fullScanSQL).Scan(&rows, &sum)
	}); err != nil {
		return nil, fmt.Errorf("bench queries: full scan: %w", err)
	}
	f := selection.Filters{Who: selection.DefaultWho, MinSample: selection.DefaultMinSample}
	for _, q := range queries.ForGame(queries.GameGin) {
		var rows int
		sec, err := best(func() error {
			r, err := queries.Run(ctx, db.DB, q, f)
			if err == nil {
				rows = len(r.Rows)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("bench queries: %w", err)
		}
		res.Queries = append(res.Queries, QueryTime{Name: q.Name, Rows: rows, Seconds: sec})
	}
	if err := db.QueryRowContext(ctx, countPlaysSQL).Scan(&res.Plays); err != nil {
		return nil, fmt.Errorf("bench queries: count the plays: %w", err)
	}
	return res, nil
}

// best returns the least time of runs runs of run.
func best(run func() error) (float64, error) {
	b := math.Inf(1)
	for range runs {
		start := time.Now()
		if err := run(); err != nil {
			return 0, err
		}
		b = math.Min(b, time.Since(start).Seconds())
	}
	return b, nil
}

// verifiedDB returns the path of the database holding the corpus of n
// games, ingested and verified, building it (and the corpus) unless it
// exists. It is built under a temporary name and renamed when complete.
func (c *Config) verifiedDB(ctx context.Context, n int) (string, error) {
	path := filepath.Join(c.Work, "verified-"+c.key(n)+".duckdb")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	corpus, err := c.Corpus(ctx, n)
	if err != nil {
		return "", err
	}
	tmp := filepath.Join(c.Work, ".building-"+c.key(n)+".duckdb")
	if err := removeDB(tmp); err != nil {
		return "", fmt.Errorf("bench queries: %w", err)
	}
	c.logf("ingesting and verifying %d games\n", n)
	if err := build(ctx, tmp, corpus); err != nil {
		return "", errors.Join(fmt.Errorf("bench queries: build the database of %d games: %w", n, err), removeDB(tmp))
	}
	if err := renameDB(tmp, path); err != nil {
		return "", fmt.Errorf("bench queries: %w", err)
	}
	return path, nil
}

// build ingests and verifies corpus into a new database at path, closed on
// return.
func build(ctx context.Context, path, corpus string) (err error) {
	db, err := schema.Open(ctx, path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	s, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{corpus}})
	if err != nil {
		return err
	}
	if s.Rejected != 0 {
		return fmt.Errorf("ingest rejected %d of the corpus's games", s.Rejected)
	}
	if _, err := store.Verify(ctx, db.DB, store.Selection{}, nil, nil); err != nil {
		return err
	}
	return queries.RefreshRollups(ctx, db.DB, 0)
}
