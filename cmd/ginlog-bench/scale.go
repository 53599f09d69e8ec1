package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/ginlog/ginlog/render"
	"github.com/spf13/cobra"
)

type scaleOptions struct {
	bench  benchFlags
	steps  []int
	ginlog string
	format render.Format
}

func newScaleCmd(a *app) *cobra.Command {
	var (
		opts          scaleOptions
		steps, format string
	)
	cmd := &cobra.Command{
		Use:   "scale",
		Short: "Grow one database to each size and time every command on it",
		Long: `Scale grows one database step by step to each size of --steps and, at each
step, runs the ginlog program (--ginlog) on it as a user does, each command
in a process of its own: ingest of the games the step adds, import and
verify as a user runs it (simulated logs, meldable against memory unless
--players, written to a folder removed once imported), every named Gin
query, report and fit over every game. It reports each command's time, CPU
time (every thread, user and system: a shared machine distorts it less),
games per second (the games added for ingest, every game for the others),
its time as a multiple of the step's reference (x scan: a plain full scan
of play_features through ginlog sql, run after ingest, the floor any
statement over the plays pays) and peak resident memory.
Each step's figures are also logged as they come.`,
		Example: `  go build -o /tmp/ginlog ./cmd/ginlog
  ginlog-bench scale --ginlog /tmp/ginlog --steps 100000,300000,1000000 --work /tmp/scale`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.format, err = render.ParseFormat(format); err != nil {
				return usagef("--format: %v", err)
			}
			prev := 0
			for _, s := range strings.Split(steps, ",") {
				n, err := strconv.Atoi(strings.TrimSpace(s))
				if err != nil || n <= prev {
					return usagef("--steps: want increasing numbers of games, got %q", steps)
				}
				opts.steps, prev = append(opts.steps, n), n
			}
			return runScale(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&steps, "steps", "100000,300000,1000000", "the database's sizes in games, increasing, comma-separated")
	cmd.Flags().StringVar(&opts.ginlog, "ginlog", "", "the ginlog program to run (default: ginlog beside this program, else on $PATH)")
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, csv, json or markdown")
	opts.bench.register(cmd)
	return cmd
}

func runScale(ctx context.Context, a *app, opts scaleOptions) error {
	prog, err := a.findGinlog(opts.ginlog)
	if err != nil {
		return err
	}
	var steps []bench.ScaleStep
	err = opts.bench.withConfig(a.err, func(c *bench.Config) error {
		steps, err = c.Scale(ctx, opts.steps, bench.ExecRunner(prog))
		return err
	})
	if len(steps) > 0 {
		t := &render.Table{Columns: []render.Column{{Name: "games"}, {Name: "added"}, {Name: "command"},
			{Name: "seconds", Format: "%.2f"}, {Name: "CPU s", Format: "%.2f"}, {Name: "games/s", Format: "%.0f"},
			{Name: "x scan", Format: "%.1f"}, {Name: "peak MiB", Format: "%.0f"}}}
		for _, s := range steps {
			for _, cmd := range s.Commands {
				t.Append(s.Games, s.Added, cmd.Name, cmd.Seconds, cmd.CPUSeconds, cmd.GamesPerS(), s.XScan(&cmd), float64(cmd.PeakRSS)/1024)
			}
		}
		err = errors.Join(err, render.Write(a.out, opts.format, t, tableLayout(a.out)))
	}
	return err
}

// findGinlog returns the ginlog program: --ginlog, else ginlog beside this
// program, else on $PATH.
func (a *app) findGinlog(flag string) (string, error) {
	if flag != "" {
		if _, err := os.Stat(flag); err != nil {
			return "", usagef("--ginlog: %v", err)
		}
		return flag, nil
	}
	if self, err := a.self(); err == nil {
		beside := filepath.Join(filepath.Dir(self), "ginlog")
		if _, err := os.Stat(beside); err == nil {
			return beside, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("find ginlog: %w", err)
		}
	}
	p, err := exec.LookPath("ginlog")
	if err != nil {
		return "", usagef("--ginlog: no ginlog beside this program or on $PATH: build it (go build -o DIR/ginlog ./cmd/ginlog) and name it")
	}
	return p, nil
}
