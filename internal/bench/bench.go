// Package bench makes the performance measurements docs/performance.md quotes, each
// against a reference run in the same command on the same machine: ingest
// against DuckDB's own read_csv over the same files, the replay's
// throughput, and every named query against a full scan of the plays. The
// ginlog-bench command runs them.
//
// The corpora are simulated games, kept in a work directory and keyed by
// the players and the number of games; each is built under a temporary
// name and renamed into place only when complete, so that an interrupted
// run never leaves a partial corpus or database to be measured later.
package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"github.com/ginlog/ginlog/sim"
)

// Config is what every measurement shares.
type Config struct {
	Work    string         // the directory of the corpora and databases
	Players [2]sim.Entrant // the players of the simulated corpora
	Log     io.Writer      // progress messages; nil discards them
}

// logf writes a progress message.
func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format, args...)
	}
}

// The corpora's deals: the same for every run.
const (
	corpusSeed  = 2026
	corpusStart = 1600000000 // the first game's timestamp
)

// key names what depends on the players and the size: the corpus and the
// databases made from it.
func (c *Config) key(n int) string {
	return fmt.Sprintf("%s,%s-%d", url.PathEscape(c.Players[0].Name), url.PathEscape(c.Players[1].Name), n)
}

// Corpus returns the directory of the corpus of n games, simulating it
// unless it exists.
func (c *Config) Corpus(ctx context.Context, n int) (string, error) {
	dir := filepath.Join(c.Work, "corpus-"+c.key(n))
	if _, err := os.Stat(dir); err == nil {
		return dir, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("corpus: %w", err)
	}
	c.logf("simulating %d games into %s\n", n, dir)
	tmp, err := os.MkdirTemp(c.Work, ".corpus-*")
	if err != nil {
		return "", fmt.Errorf("corpus: %w", err)
	}
	cfg := sim.Config{Players: c.Players, Games: n, Seed: corpusSeed, Start: corpusStart}
	err = sim.Run(ctx, cfg, func(g *sim.Game) error { return sim.WriteGame(tmp, g) })
	if err == nil {
		// A folder renamed over anything but a missing name or an empty
		// folder fails: nothing is written through a link at dir.
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		return "", errors.Join(fmt.Errorf("simulate the corpus of %d games: %w", n, err), os.RemoveAll(tmp))
	}
	return dir, nil
}

// removeDB removes a database file and its write-ahead log, if they exist.
func removeDB(path string) error {
	for _, p := range []string{path, path + ".wal"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// renameDB moves a closed database file, and its write-ahead log if any,
// to a new path in the bench's own work folder. A rename replaces a link at
// its target, never writes through it.
func renameDB(from, to string) error {
	if err := os.Rename(from, to); err != nil {
		return err
	}
	if err := os.Rename(from+".wal", to+".wal"); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
