package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ginlog/ginlog/ingest"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/replay"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/sim"
	"github.com/spf13/cobra"
)

func newBenchCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure ginlog against reference implementations",
		Long: `Bench runs the performance measurements quoted in the README, each against
a reference run on the same machine in the same run.`,
		Example: `  ginlog bench ingest --sizes 2000,20000`,
		Args:    argsRange(0, 0),
		RunE:    func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newBenchIngestCmd(a), newBenchVerifyCmd(a), newBenchQueriesCmd(a), newBenchOneCmd(a))
	return cmd
}

func newBenchIngestCmd(a *app) *cobra.Command {
	var (
		sizes   string
		work    string
		players string
		format  string
	)
	cmd := &cobra.Command{
		Use:   "ingest",
		Short: "Time ingest against DuckDB's own read_csv on simulated logs",
		Long: `Bench ingest simulates a corpus of each size (one pair of files per game,
the real shape of the data), then loads it twice, each in a fresh process
and a fresh database: with DuckDB's read_csv into raw tables shaped like the
files, and with ginlog ingest (parsing, checking, hashing, typed tables).
It reports seconds, games per second, the ratio, and each process's peak
resident memory.`,
		Example: `  ginlog bench ingest --sizes 2000,20000
  ginlog bench ingest --sizes 20000 --work /tmp/bench --format json`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := render.ParseFormat(format)
			if err != nil {
				return usagef("--format: %v", err)
			}
			var ns []int
			for _, s := range strings.Split(sizes, ",") {
				n, err := strconv.Atoi(strings.TrimSpace(s))
				if err != nil || n < 1 {
					return usagef("--sizes: %q is not a number of games", s)
				}
				ns = append(ns, n)
			}
			p, err := parsePlayers(players, nil)
			if err != nil {
				return err
			}
			return runBenchIngest(cmd.Context(), a, ns, work, p, f)
		},
	}
	cmd.Flags().StringVar(&sizes, "sizes", "2000,20000", "corpus sizes in games, comma-separated")
	cmd.Flags().StringVar(&work, "work", "", "directory for corpora and databases (default: a temporary one, removed after)")
	cmd.Flags().StringVar(&players, "players", "meldable,memory", "the bots that play the corpus")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	return cmd
}

// ensureCorpus simulates n games into work/corpus-n unless it exists.
func ensureCorpus(ctx context.Context, a *app, work string, n int, players [2]sim.Entrant) (string, error) {
	corpus := filepath.Join(work, fmt.Sprintf("corpus-%d", n))
	if _, err := os.Stat(corpus); err == nil {
		return corpus, nil
	}
	fmt.Fprintf(a.err, "simulating %d games into %s\n", n, corpus)
	if err := os.MkdirAll(corpus, 0o755); err != nil {
		return "", err
	}
	c := sim.Config{Players: players, Games: n, Seed: 2026, Start: 1600000000}
	return corpus, sim.Run(ctx, c, func(g *sim.Game) error { return sim.WriteGame(corpus, g) })
}

// benchPlayers are the bots that play the verify and queries corpora.
func benchPlayers() [2]sim.Entrant {
	p, err := sim.Bots("meldable", "memory")
	if err != nil {
		panic(err) // both are baseline bots
	}
	return p
}

// workDir returns work, or a new temporary directory and its cleanup.
func workDir(work string) (string, func(), error) {
	if work != "" {
		return work, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "ginlog-bench-")
	return dir, func() { os.RemoveAll(dir) }, err
}

func newBenchVerifyCmd(a *app) *cobra.Command {
	var (
		games int
		work  string
	)
	cmd := &cobra.Command{
		Use:   "verify",
		Short: "Time the replay of a simulated corpus",
		Long: `Bench verify simulates a corpus (meldable against memory), ingests it without
verifying, then times ginlog verify over all of it: reading the plays,
replaying every round, explaining every score, deriving the features, and
storing the results.`,
		Example: `  ginlog bench verify --games 20000`,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			dir, cleanup, err := workDir(work)
			if err != nil {
				return err
			}
			defer cleanup()
			corpus, err := ensureCorpus(ctx, a, dir, games, benchPlayers())
			if err != nil {
				return err
			}
			path := filepath.Join(dir, fmt.Sprintf("verify-%d.duckdb", games))
			os.Remove(path)
			os.Remove(path + ".wal")
			db, err := schema.Open(ctx, path)
			if err != nil {
				return err
			}
			defer db.Close()
			if _, err := ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{corpus}}); err != nil {
				return err
			}
			s, err := replay.Verify(ctx, db.DB, replay.Selection{}, nil, nil)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.out, "verified %d games (%d rounds) in %.2f s: %.0f games/s; %d violations\n",
				s.Games, s.Rounds[replay.Exact]+s.Rounds[replay.Explained]+s.Rounds[replay.Impossible], s.Seconds, s.GamesPerS, totalViolations(s))
			return nil
		},
	}
	cmd.Flags().IntVar(&games, "games", 20000, "corpus size in games")
	cmd.Flags().StringVar(&work, "work", "", "directory for the corpus and database (default: a temporary one, removed after)")
	return cmd
}

// benchDB returns a database holding the corpus of n games, ingested and
// verified, building it (and the corpus) unless it exists.
func benchDB(ctx context.Context, a *app, dir string, n int) (*schema.DB, error) {
	path := filepath.Join(dir, fmt.Sprintf("verified-%d.duckdb", n))
	_, statErr := os.Stat(path)
	db, err := schema.Open(ctx, path)
	if err != nil || statErr == nil {
		return db, err
	}
	corpus, err := ensureCorpus(ctx, a, dir, n, benchPlayers())
	if err == nil {
		fmt.Fprintf(a.err, "ingesting and verifying %d games\n", n)
		_, err = ingest.Run(ctx, db.DB, ingest.Options{Paths: []string{corpus}})
	}
	if err == nil {
		_, err = replay.Verify(ctx, db.DB, replay.Selection{}, nil, nil)
	}
	if err != nil {
		db.Close()
		os.Remove(path)
		return nil, err
	}
	return db, nil
}

func newBenchQueriesCmd(a *app) *cobra.Command {
	var (
		games  int
		work   string
		format string
	)
	cmd := &cobra.Command{
		Use:   "queries",
		Short: "Time every named query on a large simulated corpus",
		Long: `Bench queries builds a verified database of --games simulated games (kept in
--work for the next run), then runs every named query three times with the
default filters and reports the best time of each, beside the time DuckDB
takes for a plain full scan of play_features (count and one sum): the
floor any query over the plays pays.`,
		Example: `  ginlog bench queries --games 100000 --work /tmp/bench`,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := render.ParseFormat(format)
			if err != nil {
				return usagef("--format: %v", err)
			}
			ctx := cmd.Context()
			dir, cleanup, err := workDir(work)
			if err != nil {
				return err
			}
			defer cleanup()
			db, err := benchDB(ctx, a, dir, games)
			if err != nil {
				return err
			}
			defer db.Close()
			best := func(run func() error) (float64, error) {
				b := math.Inf(1)
				for range 3 {
					start := time.Now()
					if err := run(); err != nil {
						return 0, err
					}
					b = math.Min(b, time.Since(start).Seconds())
				}
				return b, nil
			}
			scan, err := best(func() error {
				var n, s int64
				return db.QueryRowContext(ctx, `SELECT count(*), sum(stock_left) FROM play_features`).Scan(&n, &s)
			})
			if err != nil {
				return err
			}
			t := &render.Table{Columns: []render.Column{{Name: "query"}, {Name: "rows"}, {Name: "seconds", Format: "%.3f"}, {Name: "x full scan", Format: "%.1f"}}}
			t.Append("(full scan of play_features)", 1, scan, 1.0)
			for _, q := range queries.All() {
				var rows int
				sec, err := best(func() error {
					res, err := queries.Run(ctx, db.DB, q, queries.Filters{Who: "opp", MinSample: 10})
					if err == nil {
						rows = len(res.Rows)
					}
					return err
				})
				if err != nil {
					return err
				}
				t.Append(q.Name, rows, sec, sec/scan)
			}
			var plays int64
			db.QueryRowContext(ctx, `SELECT count(*) FROM plays`).Scan(&plays)
			fmt.Fprintf(a.out, "%d games, %d plays\n", games, plays)
			return render.Write(a.out, f, t, a.isTerminal(a.out))
		},
	}
	cmd.Flags().IntVar(&games, "games", 100000, "corpus size in games")
	cmd.Flags().StringVar(&work, "work", "", "directory for the corpus and database (default: a temporary one, removed after)")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	return cmd
}

// benchResult is one engine's run, printed as JSON by the child process.
type benchResult struct {
	Seconds  float64 `json:"seconds"`
	Rows     int64   `json:"rows"`
	PeakRSS  int64   `json:"peak_rss_kib"`
	Rejected int     `json:"rejected"`
}

func runBenchIngest(ctx context.Context, a *app, sizes []int, work string, players [2]sim.Entrant, format render.Format) error {
	work, cleanup, err := workDir(work)
	if err != nil {
		return err
	}
	defer cleanup()
	self, err := os.Executable()
	if err != nil {
		return err
	}
	t := &render.Table{Columns: []render.Column{{Name: "games"}, {Name: "plays"},
		{Name: "read_csv s", Format: "%.2f"}, {Name: "ginlog s", Format: "%.2f"}, {Name: "speedup", Format: "%.2fx"},
		{Name: "ginlog games/s", Format: "%.0f"}, {Name: "read_csv peak MiB", Format: "%.0f"}, {Name: "ginlog peak MiB", Format: "%.0f"}}}
	for _, n := range sizes {
		corpus, err := ensureCorpus(ctx, a, work, n, players)
		if err != nil {
			return err
		}
		var res [2]benchResult
		for i, engine := range []string{"read_csv", "ginlog"} {
			db := filepath.Join(work, fmt.Sprintf("%s-%d.duckdb", engine, n))
			os.Remove(db)
			os.Remove(db + ".wal")
			var out bytes.Buffer
			c := exec.CommandContext(ctx, self, "bench", "one", "--engine", engine, "--db", db, corpus)
			c.Stdout, c.Stderr = &out, a.err
			if err := c.Run(); err != nil {
				return fmt.Errorf("%s on %d games: %w", engine, n, err)
			}
			if err := json.Unmarshal(out.Bytes(), &res[i]); err != nil {
				return fmt.Errorf("%s on %d games: %w: %s", engine, n, err, out.String())
			}
		}
		if res[1].Rejected != 0 || res[0].Rows != res[1].Rows {
			return fmt.Errorf("%d games: the engines disagree: %d and %d rows, %d rejected", n, res[0].Rows, res[1].Rows, res[1].Rejected)
		}
		t.Append(n, res[1].Rows, res[0].Seconds, res[1].Seconds, res[0].Seconds/res[1].Seconds,
			float64(n)/res[1].Seconds, float64(res[0].PeakRSS)/1024, float64(res[1].PeakRSS)/1024)
	}
	return render.Write(a.out, format, t, a.isTerminal(a.out))
}

// newBenchOneCmd is the child process of bench ingest: one engine, one
// corpus, one fresh database.
func newBenchOneCmd(a *app) *cobra.Command {
	var engine string
	cmd := &cobra.Command{
		Use:     "one --engine read_csv|ginlog CORPUS",
		Short:   "Run one engine of bench ingest (internal)",
		Example: `  ginlog bench one --engine read_csv --db /tmp/ref.duckdb /tmp/corpus`,
		Hidden:  true,
		Args:    argsRange(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			db, err := schema.Open(cmd.Context(), a.dbPath())
			if err != nil {
				return err
			}
			defer db.Close()
			var r benchResult
			start := time.Now()
			switch engine {
			case "read_csv":
				r.Rows, _, err = ingest.ReadCSVReference(cmd.Context(), db.DB, args[0])
			case "ginlog":
				var s *ingest.Summary
				if s, err = ingest.Run(cmd.Context(), db.DB, ingest.Options{Paths: args}); err == nil {
					r.Rows, r.Rejected = int64(s.Plays), s.Rejected
				}
			default:
				return usagef("--engine: want read_csv or ginlog")
			}
			if err != nil {
				return err
			}
			r.Seconds = time.Since(start).Seconds()
			r.PeakRSS = peakRSS()
			return json.NewEncoder(a.out).Encode(r)
		},
	}
	cmd.Flags().StringVar(&engine, "engine", "ginlog", "read_csv or ginlog")
	return cmd
}

// peakRSS returns the process's peak resident memory in KiB (Linux), or 0.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}
