package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

type ingestOptions struct {
	bench  benchFlags
	sizes  []int
	format render.Format
	game   string
}

func newIngestCmd(a *app) *cobra.Command {
	var (
		opts          ingestOptions
		sizes, format string
	)
	cmd := &cobra.Command{
		Use:   "ingest",
		Short: "Time ingest against DuckDB's own read_csv on simulated logs",
		Long: `Ingest simulates a corpus of each size (one pair of files per game, the
real shape of the data), then loads it twice, each in a fresh process and a
fresh database: with DuckDB's read_csv into raw tables shaped like the
files, and with ginlog's ingest (parsing, checking, hashing, typed tables).
It reports seconds, games per second, the ratio, and each process's peak
resident memory.

--game hearts measures the Hearts logs instead: games of four baseline
players (simple, tracker, random, simple) written in the player-id
format, four files a game; read_csv loads their rows into one raw table,
ginlog imports and verifies every game (the order read, every rule and
score checked, the end of the game). It reports hands per second too.`,
		Example: `  ginlog-bench ingest --sizes 2000,20000
  ginlog-bench ingest --sizes 20000 --work /tmp/bench --format json
  ginlog-bench ingest --game hearts --sizes 2000,20000`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = render.ParseFormat(format); err != nil {
				return usagef("--format: %v", err)
			}
			for _, s := range strings.Split(sizes, ",") {
				n, err := strconv.Atoi(strings.TrimSpace(s))
				if err != nil || n < 1 {
					return usagef("--sizes: %q is not a number of games", s)
				}
				opts.sizes = append(opts.sizes, n)
			}
			if opts.game != "gin" && opts.game != "hearts" {
				return usagef("--game: want gin or hearts, got %q", opts.game)
			}
			return runIngest(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.game, "game", "gin", "the logs: gin or hearts")
	cmd.Flags().StringVar(&sizes, "sizes", "2000,20000", "corpus sizes in games, comma-separated")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	opts.bench.register(cmd)
	return cmd
}

func runIngest(ctx context.Context, a *app, opts ingestOptions) error {
	self, err := a.self()
	if err != nil {
		return err
	}
	var rows []bench.IngestRow
	err = opts.bench.withConfig(a.err, func(c *bench.Config) error {
		if opts.game == "hearts" {
			rows, err = c.HeartsIngest(ctx, opts.sizes, childRunner(self, a, opts.game))
		} else {
			rows, err = c.Ingest(ctx, opts.sizes, childRunner(self, a, opts.game))
		}
		return err
	})
	if err != nil {
		return err
	}
	if opts.game == "hearts" {
		return writeHeartsIngest(a, opts.format, rows)
	}
	t := &render.Table{Columns: []render.Column{{Name: "games"}, {Name: "plays"},
		{Name: "read_csv s", Format: "%.2f"}, {Name: "ginlog s", Format: "%.2f"}, {Name: "speedup", Format: "%.2fx"},
		{Name: "ginlog games/s", Format: "%.0f"}, {Name: "read_csv peak MiB", Format: "%.0f"}, {Name: "ginlog peak MiB", Format: "%.0f"}}}
	for _, r := range rows {
		t.Append(r.Games, r.Plays, r.ReadCSV.Seconds, r.Ginlog.Seconds, r.ReadCSV.Seconds/r.Ginlog.Seconds,
			float64(r.Games)/r.Ginlog.Seconds, float64(r.ReadCSV.PeakRSS)/1024, float64(r.Ginlog.PeakRSS)/1024)
	}
	return render.Write(a.out, opts.format, t, tableLayout(a.out))
}

// writeHeartsIngest writes the Hearts measurement: rows are file rows, a
// hand per player.
func writeHeartsIngest(a *app, format render.Format, rows []bench.IngestRow) error {
	t := &render.Table{Columns: []render.Column{{Name: "games"}, {Name: "hands"}, {Name: "file rows"},
		{Name: "read_csv s", Format: "%.2f"}, {Name: "ginlog s", Format: "%.2f"}, {Name: "speedup", Format: "%.2fx"},
		{Name: "ginlog hands/s", Format: "%.0f"}, {Name: "read_csv CPU s", Format: "%.2f"}, {Name: "ginlog CPU s", Format: "%.2f"},
		{Name: "ginlog hands/CPU s", Format: "%.0f"}, {Name: "read_csv peak MiB", Format: "%.0f"}, {Name: "ginlog peak MiB", Format: "%.0f"}}}
	for _, r := range rows {
		t.Append(r.Games, r.Hands, r.Plays, r.ReadCSV.Seconds, r.Ginlog.Seconds, r.ReadCSV.Seconds/r.Ginlog.Seconds,
			float64(r.Hands)/r.Ginlog.Seconds, r.ReadCSV.CPU, r.Ginlog.CPU, float64(r.Hands)/max(r.Ginlog.CPU, 1e-9),
			float64(r.ReadCSV.PeakRSS)/1024, float64(r.Ginlog.PeakRSS)/1024)
	}
	return render.Write(a.out, format, t, tableLayout(a.out))
}

// childRunner runs each engine as `self one` in a process of its own and
// reads its result.
func childRunner(self string, a *app, game string) bench.Runner {
	return func(ctx context.Context, engine, db, corpus string) (*bench.OneResult, error) {
		var out bytes.Buffer
		c := exec.CommandContext(ctx, self, "one", "--game", game, "--engine", engine, "--db", db, corpus)
		c.Stdout, c.Stderr = &out, a.err
		if err := c.Run(); err != nil {
			return nil, err
		}
		var r bench.OneResult
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%w: %q", err, out.String())
		}
		return &r, nil
	}
}
