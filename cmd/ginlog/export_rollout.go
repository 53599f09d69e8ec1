package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/players"
)

// exportRollout writes the rollout player's module: to standard output,
// or with --out into the folder with a Player.hs that plays it.
func exportRollout(a *app, w *model.Weights, opts exportOptions) error {
	if w.Inference == nil || w.HandPolicy == nil {
		return usagef("--weights: %s: %v", opts.weights, model.ErrNoInference)
	}
	if opts.out == "" {
		return export.HaskellRollout(a.out, w, opts.name, players.RolloutExport())
	}
	if err := safefile.MakeDir(opts.out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	player := filepath.Join(opts.out, "Player.hs")
	if err := checkOwnPlayer(player, export.HaskellRolloutPlayer); err != nil {
		return err
	}
	module := filepath.Join(opts.out, strings.ReplaceAll(opts.name, ".", string(filepath.Separator))+".hs")
	if err := os.MkdirAll(filepath.Dir(module), 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	if err := safefile.Write(module, 0o644, func(out io.Writer) error {
		return export.HaskellRollout(out, w, opts.name, players.RolloutExport())
	}); err != nil {
		return err
	}
	if err := safefile.Write(player, 0o644, func(out io.Writer) error {
		return export.HaskellRolloutPlayer(out, opts.name)
	}); err != nil {
		return err
	}
	fmt.Fprintf(a.out, "wrote %s and %s\n", module, player)
	return nil
}

// checkOwnPlayer refuses to replace a Player.hs that ginlog did not write
// with write (the export's Player.hs: its first line tells it): it is the
// user's own player. What is not a regular file there (a link, a pipe, a
// folder) is refused before it is opened: a pipe would block.
func checkOwnPlayer(path string, write func(io.Writer, string) error) error {
	if err := safefile.Check(path); err != nil {
		return err
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	first, _ := bufio.NewReader(f).ReadBytes('\n')
	var b bytes.Buffer
	if err := write(&b, "M"); err != nil {
		return err
	}
	if want, _, _ := bytes.Cut(b.Bytes(), []byte("\n")); !bytes.Equal(bytes.TrimSuffix(first, []byte("\n")), want) {
		return usagef("--out: %s is a player of your own, not the one ginlog writes: keep it, and choose another folder (docs/haskell.md shows how to call the module from it)", path)
	}
	return nil
}
