package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/model/habits"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/players/heartsmc"
)

// heartsPlayerHelp is export's help on the Hearts player's export.
const heartsPlayerHelp = `--game hearts --player mc exports, instead of rates, ginlog's Monte Carlo
Hearts player itself as a Haskell module for the 2019 FIT2102 Hearts
framework (a Safe module that compiles under -Wall -Werror): mcPlayCard
takes playCard's arguments and plays as mc does, card for card, the hand's
tricks kept in the memory; with --weights FILE (a Hearts weights file from
ginlog fit --game hearts) as mc:FILE does: its candidate deals weighed by
the habits, then drawn again by those weights (resampling). With --out DIR
it writes DIR/GinlogHearts.hs and a DIR/Player.hs that plays it (never
over a Player.hs of your own); compile it with the Main of ginlog bridge
haskell --game hearts to play it in ginlog.`

// exportHeartsPlayers are the Hearts players export writes.
var exportHeartsPlayers = []string{"mc"}

// runExportHeartsMC writes the Monte Carlo Hearts player's module, with
// the habits of --weights when it is given: to standard output, or with
// --out into the folder with a Player.hs that plays it.
func runExportHeartsMC(a *app, opts exportOptions, weighed bool) error {
	if err := oneOf("--player", "Hearts player", opts.player, exportHeartsPlayers...); err != nil {
		return err
	}
	if opts.format != "haskell" {
		return usagef("--player mc writes a Haskell module: --format haskell, not %s", opts.format)
	}
	opts.name = orDefault(opts.name, "GinlogHearts")
	if err := export.CheckHaskellModule(opts.name); err != nil {
		return usagef("--name: %v", err)
	}
	var w *habits.Weights
	if weighed {
		var err error
		if w, err = players.LoadHeartsWeights(opts.weights); err != nil {
			return usagef("--weights: %v", err)
		}
	}
	module := func(out io.Writer) error {
		return export.HaskellHeartsMC(out, w, opts.name, heartsmc.DefaultSamples)
	}
	if opts.out == "" {
		return module(a.out)
	}
	if err := safefile.MakeDir(opts.out); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	player := filepath.Join(opts.out, "Player.hs")
	if err := checkOwnPlayer(player, export.HaskellHeartsMCPlayer); err != nil {
		return err
	}
	path := filepath.Join(opts.out, strings.ReplaceAll(opts.name, ".", string(filepath.Separator))+".hs")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	if err := safefile.Write(path, 0o644, module); err != nil {
		return err
	}
	if err := safefile.Write(player, 0o644, func(out io.Writer) error {
		return export.HaskellHeartsMCPlayer(out, opts.name)
	}); err != nil {
		return err
	}
	fmt.Fprintf(a.out, "wrote %s and %s\n", path, player)
	return nil
}
