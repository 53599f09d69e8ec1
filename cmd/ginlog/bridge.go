package main

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/ginlog/ginlog/bridge"
	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/queries"
	"github.com/spf13/cobra"
)

func newBridgeCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bridge",
		Short: "Write the glue that lets your own bot play in ginlog",
		Long: `Bridge writes a program's source that makes a bot written for another
framework speak ginlog's line protocol (docs/protocol.md), so that every
command that takes a player plays it as exec:PATH.`,
		Example: `  ginlog bridge haskell --out GinlogMain.hs
  ginlog bridge haskell --game hearts --out GinlogHeartsMain.hs`,
		Args: subcommandArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newBridgeHaskellCmd(a))
	return cmd
}

type bridgeHaskellOptions struct {
	bridge.HaskellOptions
	out string
}

func newBridgeHaskellCmd(a *app) *cobra.Command {
	var opts bridgeHaskellOptions
	cmd := &cobra.Command{
		Use:   "haskell",
		Short: "Write a Haskell Main module that runs a FIT2102 Player.hs over the protocol",
		Long: `Haskell writes a Main module for a FIT2102 Gin Rummy player (pickCard,
playCard and makeMelds in module Player). Compile it in your framework
project, beside your own Player.hs, and ginlog plays the executable:

  ginlog bridge haskell --out GinlogMain.hs
  stack ghc -- -XTrustworthy -XNamedFieldPuns -O -isrc -isubmission \
    -outputdir .ginlog -o ginlog-player GinlogMain.hs
  ginlog simulate --players exec:./ginlog-player,simple --games 1000 --out logs/

or, without stack, with plain GHC and the packages the framework needs:

  ghc -XTrustworthy -XNamedFieldPuns -O -isrc -isubmission \
    -outputdir .ginlog -o ginlog-player GinlogMain.hs

(the two extensions are the framework's defaults: its modules may need
them). Run it from the project's root, where src/ and submission/ are.

With --game hearts it writes the Main module for a player of the 2019
FIT2102 Hearts framework (playCard :: PlayFunc in module Player, in
staticgame/; makeBid is not called), which speaks the Hearts protocol:

  ginlog bridge haskell --game hearts --out GinlogHeartsMain.hs
  stack ghc -- -XTrustworthy -XNamedFieldPuns -XDuplicateRecordFields -O \
    -isrc -istaticgame -outputdir .ginlog -o ginlog-hearts-player GinlogHeartsMain.hs
  ginlog simulate --game hearts --players exec:./ginlog-hearts-player,simple,simple,simple \
    --games 100 --out hearts-logs/

The module uses only the framework's public types and the player's
functions, needs no extension, and is inferred Safe. ginlog enforces the
one-second limit and the memory limit itself.`,
		Example: `  ginlog bridge haskell > GinlogMain.hs
  ginlog bridge haskell --module MyPlayer --out ginlog/Main.hs
  ginlog bridge haskell --game hearts --out GinlogHeartsMain.hs`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkKind(opts.Game); err != nil {
				return err
			}
			if opts.out != "" {
				opts.File = filepath.Base(opts.out)
			}
			return runBridgeHaskell(a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Module, "module", "Player", "the player's module")
	cmd.Flags().StringVarP(&opts.out, "out", "o", "", "write the module to this file instead of stdout")
	gameKindFlag(cmd, &opts.Game, queries.GameGin, "the game of the player: gin or hearts")
	return cmd
}

func runBridgeHaskell(a *app, opts bridgeHaskellOptions) error {
	var b bytes.Buffer
	if err := bridge.Haskell(&b, opts.HaskellOptions); err != nil {
		return &usageError{err: err}
	}
	if opts.out == "" {
		_, err := a.out.Write(b.Bytes())
		return err
	}
	if err := safefile.WriteFile(opts.out, b.Bytes(), 0o644); err != nil {
		return outError("--out", err)
	}
	_, err := fmt.Fprintf(a.err, "wrote %s: compile it beside your %s.hs (see ginlog bridge haskell --help)\n", opts.out, opts.Module)
	return err
}
