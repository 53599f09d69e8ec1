package bench

import (
	"context"
	"fmt"
	"path/filepath"
)

// The engines of the ingest measurement.
const (
	EngineReadCSV = "read_csv" // DuckDB's own CSV reader into raw tables: the reference
	EngineGinlog  = "ginlog"   // ginlog's ingest: parsing, checking, hashing, typed tables
)

// Engines lists the engines, the reference first.
var Engines = []string{EngineReadCSV, EngineGinlog}

// Runner runs one engine on a corpus into a fresh database at db. The
// ginlog-bench command runs each in a process of its own, so that the peak
// memory is the engine's alone.
type Runner func(ctx context.Context, engine, db, corpus string) (*OneResult, error)

// IngestRow is the ingest measurement of one corpus size: each engine's
// run, the reference first.
type IngestRow struct {
	Games   int
	Plays   int64 // plays (Gin); file rows, a hand per player (Hearts)
	Hands   int64 // hands (Hearts)
	ReadCSV *OneResult
	Ginlog  *OneResult
}

// Ingest loads the corpus of each size with each engine, in a fresh
// database each, and checks that both read every play.
func (c *Config) Ingest(ctx context.Context, sizes []int, run Runner) ([]IngestRow, error) {
	var out []IngestRow
	for _, n := range sizes {
		corpus, err := c.Corpus(ctx, n)
		if err != nil {
			return nil, err
		}
		var res [2]*OneResult
		for i, engine := range Engines {
			db := filepath.Join(c.Work, fmt.Sprintf("%s-%s.duckdb", engine, c.key(n)))
			if err := removeDB(db); err != nil {
				return nil, fmt.Errorf("bench ingest: %w", err)
			}
			if res[i], err = run(ctx, engine, db, corpus); err != nil {
				return nil, fmt.Errorf("bench ingest: %s on %d games: %w", engine, n, err)
			}
		}
		if res[1].Rejected != 0 || res[0].Rows != res[1].Rows {
			return nil, fmt.Errorf("bench ingest: %d games: the engines disagree: %d and %d plays, %d games rejected",
				n, res[0].Rows, res[1].Rows, res[1].Rejected)
		}
		out = append(out, IngestRow{Games: n, Plays: res[1].Rows, ReadCSV: res[0], Ginlog: res[1]})
	}
	return out, nil
}
