package bench

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/sim"
	"github.com/ginlog/ginlog/store"
)

var (
	//go:embed sql/read-csv-hearts.sql
	readCSVHeartsSQL string
	//go:embed sql/hearts-full-scan.sql
	heartsFullScanSQL string
	//go:embed sql/hearts-counts.sql
	heartsCountsSQL string
	//go:embed sql/count-raw-hearts.sql
	countRawHeartsSQL string
	//go:embed sql/count-hearts-hands.sql
	countHeartsHandsSQL string
)

// HeartsPlayers play the Hearts corpora: four players, as in most real
// Hearts logs.
var HeartsPlayers = []string{"simple", "tracker", "random", "simple"}

// HeartsCorpus returns the directory of the Hearts corpus of n games
// (about 9.5 hands each, four files a game in the later framework's
// player-id format), simulating it unless it exists.
func (c *Config) HeartsCorpus(ctx context.Context, n int) (string, error) {
	dir := filepath.Join(c.Work, fmt.Sprintf("hearts-corpus-%s-%d", strings.Join(HeartsPlayers, ","), n))
	if _, err := os.Stat(dir); err == nil {
		return dir, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("Hearts corpus: %w", err)
	}
	c.logf("simulating %d Hearts games into %s\n", n, dir)
	tmp, err := os.MkdirTemp(c.Work, ".hearts-corpus-*")
	if err != nil {
		return "", fmt.Errorf("Hearts corpus: %w", err)
	}
	entrants, err := players.ParseHearts(strings.Join(HeartsPlayers, ","))
	if err != nil {
		return "", errors.Join(err, os.RemoveAll(tmp))
	}
	ids := sim.HeartsIDs(entrants)
	err = sim.HeartsDirs(tmp, ids)
	if err == nil {
		cfg := sim.HeartsConfig{Players: entrants, Games: n, Seed: corpusSeed, Start: corpusStart}
		err = sim.RunHearts(ctx, cfg, func(g *sim.HeartsGame) error { return sim.WriteHeartsGame(tmp, g, ids) })
	}
	if err == nil {
		err = os.Rename(tmp, dir) // over a link or a file it fails: see corpus
	}
	if err != nil {
		return "", errors.Join(fmt.Errorf("simulate the Hearts corpus of %d games: %w", n, err), os.RemoveAll(tmp))
	}
	return dir, nil
}

// ReadCSVHeartsReference loads the Hearts logs in dir (<dir>/<id>/*.csv)
// with DuckDB's own CSV reader into one raw table shaped like the files
// (time, pos, score, first, tricks, typed; the file name kept): the
// reference the Hearts ingest is measured against. It checks nothing
// beyond the types, and returns the rows read (a hand per player).
func ReadCSVHeartsReference(ctx context.Context, db *sql.DB, dir string) (int64, error) {
	glob := filepath.Join(dir, "*", "*.csv")
	if _, err := db.ExecContext(ctx, readCSVHeartsSQL, glob); err != nil {
		return 0, fmt.Errorf("read_csv %s: %w", glob, err)
	}
	var rows int64
	if err := db.QueryRowContext(ctx, countRawHeartsSQL).Scan(&rows); err != nil {
		return 0, fmt.Errorf("count the raw rows: %w", err)
	}
	return rows, nil
}

// OneHearts runs engine on the Hearts corpus in this process, into a new
// database at dbPath, and measures it. The ginlog engine imports and
// verifies every game (order, rules, scores, the end); Rows counts the
// file rows read: hands times players, as read_csv counts them.
func OneHearts(ctx context.Context, engine, dbPath, corpus string) (res *OneResult, err error) {
	db, err := openEngine(ctx, engine, dbPath)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			res, err = nil, cerr
		}
	}()
	res = &OneResult{}
	start := time.Now()
	switch engine {
	case EngineReadCSV:
		if res.Rows, err = ReadCSVHeartsReference(ctx, db.DB, corpus); err != nil {
			return nil, err
		}
	case EngineGinlog:
		s, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{corpus}})
		if err != nil {
			return nil, err
		}
		v, err := store.VerifyHearts(ctx, db.DB, store.Selection{}, nil, nil)
		if err != nil {
			return nil, err
		}
		if v.Verified != v.Hands || v.DeviationCount() != 0 {
			return nil, fmt.Errorf("verify: %d of %d hands verified, %d deviations", v.Verified, v.Hands, v.DeviationCount())
		}
		res.Rejected = s.Rejected
		if err := db.QueryRowContext(ctx, heartsCountsSQL).Scan(&res.Rows, &res.Hands); err != nil {
			return nil, fmt.Errorf("count the Hearts rows: %w", err)
		}
	}
	res.Seconds = time.Since(start).Seconds()
	if res.PeakRSS, err = PeakRSS(); err != nil {
		return nil, err
	}
	if res.CPU, err = CPUSeconds(); err != nil {
		return nil, err
	}
	return res, nil
}

// HeartsIngest loads the Hearts corpus of each size with each engine, in a
// fresh database each, and checks that both read every row.
func (c *Config) HeartsIngest(ctx context.Context, sizes []int, run Runner) ([]IngestRow, error) {
	var out []IngestRow
	for _, n := range sizes {
		corpus, err := c.HeartsCorpus(ctx, n)
		if err != nil {
			return nil, err
		}
		var res [2]*OneResult
		for i, engine := range Engines {
			db := filepath.Join(c.Work, fmt.Sprintf("hearts-%s-%d.duckdb", engine, n))
			if err := removeDB(db); err != nil {
				return nil, fmt.Errorf("bench Hearts ingest: %w", err)
			}
			if res[i], err = run(ctx, engine, db, corpus); err != nil {
				return nil, fmt.Errorf("bench Hearts ingest: %s on %d games: %w", engine, n, err)
			}
		}
		if res[1].Rejected != 0 || res[0].Rows != res[1].Rows {
			return nil, fmt.Errorf("bench Hearts ingest: %d games: the engines disagree: %d and %d rows, %d games rejected",
				n, res[0].Rows, res[1].Rows, res[1].Rejected)
		}
		out = append(out, IngestRow{Games: n, Plays: res[1].Rows, Hands: res[1].Hands, ReadCSV: res[0], Ginlog: res[1]})
	}
	return out, nil
}

// HeartsQueries times every named Hearts query on the verified database of
// the Hearts corpus of n games (built and kept in the work directory
// unless it exists), with the default filters, beside a full scan of
// hearts_plays: the floor a query over the cards pays.
func (c *Config) HeartsQueries(ctx context.Context, n int) (*QueriesResult, error) {
	path := filepath.Join(c.Work, fmt.Sprintf("hearts-verified-%d.duckdb", n))
	if _, err := os.Stat(path); err != nil {
		corpus, err := c.HeartsCorpus(ctx, n)
		if err != nil {
			return nil, err
		}
		tmp := filepath.Join(c.Work, fmt.Sprintf(".building-hearts-%d.duckdb", n))
		if err := removeDB(tmp); err != nil {
			return nil, fmt.Errorf("bench Hearts queries: %w", err)
		}
		c.logf("ingesting and verifying %d Hearts games\n", n)
		if _, err := OneHearts(ctx, EngineGinlog, tmp, corpus); err != nil {
			return nil, errors.Join(fmt.Errorf("bench Hearts queries: build the database of %d games: %w", n, err), removeDB(tmp))
		}
		if err := renameDB(tmp, path); err != nil {
			return nil, fmt.Errorf("bench Hearts queries: %w", err)
		}
	}
	db, err := schema.OpenReadOnly(ctx, path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	res := &QueriesResult{Games: n}
	var once sync.Once
	if res.Scan, res.ScanCPU, err = bestCPU(func() error {
		var rows, sum int64
		err := db.QueryRowContext(ctx, heartsFullScanSQL).Scan(&rows, &sum)
		once.Do(func() { res.Plays = rows })
		return err
	}); err != nil {
		return nil, fmt.Errorf("bench Hearts queries: full scan: %w", err)
	}
	f := selection.Filters{MinSample: selection.DefaultMinSample}
	for _, q := range queries.ForGame(queries.GameHearts) {
		var rows int
		sec, cpu, err := bestCPU(func() error {
			r, err := queries.Run(ctx, db.DB, q, f)
			if err == nil {
				rows = len(r.Rows)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("bench Hearts queries: %w", err)
		}
		res.Queries = append(res.Queries, QueryTime{Name: q.Name, Rows: rows, Seconds: sec, CPU: cpu})
	}
	if err := db.QueryRowContext(ctx, countHeartsHandsSQL).Scan(&res.Hands); err != nil {
		return nil, fmt.Errorf("bench Hearts queries: count the hands: %w", err)
	}
	return res, nil
}

// bestCPU returns the least time and the least CPU time of the process
// over runs runs of run.
func bestCPU(run func() error) (wall, cpu float64, err error) {
	wall, cpu = math.Inf(1), math.Inf(1)
	for range runs {
		c0, err := CPUSeconds()
		if err != nil {
			return 0, 0, err
		}
		start := time.Now()
		if err := run(); err != nil {
			return 0, 0, err
		}
		wall = math.Min(wall, time.Since(start).Seconds())
		c1, err := CPUSeconds()
		if err != nil {
			return 0, 0, err
		}
		cpu = math.Min(cpu, c1-c0)
	}
	return wall, cpu, nil
}
