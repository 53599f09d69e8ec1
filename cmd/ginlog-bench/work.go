package main

import (
	"fmt"
	"io"
	"os"

	"github.com/ginlog/ginlog/internal/bench"
	"github.com/spf13/cobra"
)

// benchFlags are the flags every measurement takes.
type benchFlags struct {
	work    string
	players string
}

// config returns the measurements' configuration and a cleanup that
// removes the work directory when it is a temporary one.
func (f *benchFlags) config(log io.Writer) (*bench.Config, func() error, error) {
	players, err := parsePlayers(f.players)
	if err != nil {
		return nil, nil, err
	}
	c := &bench.Config{Work: f.work, Players: players, Log: log}
	if f.work != "" {
		if err := os.MkdirAll(f.work, 0o755); err != nil {
			return nil, nil, fmt.Errorf("--work: %w", err)
		}
		return c, func() error { return nil }, nil
	}
	if c.Work, err = os.MkdirTemp("", "ginlog-bench-"); err != nil {
		return nil, nil, err
	}
	return c, func() error { return os.RemoveAll(c.Work) }, nil
}

// withConfig runs fn with the configuration, then the cleanup.
func (f *benchFlags) withConfig(log io.Writer, fn func(*bench.Config) error) (err error) {
	c, cleanup, err := f.config(log)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := cleanup(); cerr != nil && err == nil {
			err = fmt.Errorf("remove the work directory: %w", cerr)
		}
	}()
	return fn(c)
}

// register adds the flags to cmd.
func (f *benchFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.work, "work", "", "directory for corpora and databases, kept (default: a temporary one, removed after)")
	cmd.Flags().StringVar(&f.players, "players", defaultPlayers, "the two players of the simulated corpora, as ginlog simulate takes them")
}
