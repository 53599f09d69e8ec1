package main

import (
	"strings"

	"github.com/ginlog/ginlog/model/export"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
	"github.com/spf13/cobra"
)

type exportOptions struct {
	weights string
	format  string
	flavour string // of the haskell format: plain or fit2102
	name    string
	game    string
	player  string // of the fit2102 flavour: "" for the tables, rollout for the player itself; of Hearts: mc
	out     string // with --player rollout or mc: the folder for the module and Player.hs
}

// The values of export's enumerated flags.
var (
	exportFormats  = []string{"json", "haskell", "go"}
	exportFlavours = []string{"plain", "fit2102"}
	exportPlayers  = []string{"rollout"}
	// exportAllPlayers completes --player: Gin's and Hearts'.
	exportAllPlayers = append(append([]string{}, exportPlayers...), exportHeartsPlayers...)
)

func newExportCmd(a *app) *cobra.Command {
	var opts exportOptions
	cmd := &cobra.Command{
		Use:     "export",
		Short:   "Export fitted weights as JSON, a Haskell module or Go source",
		Long:    exportLong,
		Example: exportExample,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.format = strings.ToLower(opts.format)
			if err := oneOf("--format", "format", opts.format, exportFormats...); err != nil {
				return err
			}
			switch opts.game {
			case "gin":
			case "hearts":
				if opts.flavour != "plain" {
					return usagef("--flavour is for the Gin Rummy weights, not --game hearts")
				}
				if opts.player != "" {
					if !cmd.Flags().Changed("format") {
						opts.format = "haskell"
					}
					return runExportHeartsMC(a, opts, cmd.Flags().Changed("weights"))
				}
				if opts.out != "" {
					return usagef("--out is for --player mc: the folder to write its module and Player.hs into")
				}
				return runExportHearts(cmd.Context(), a, opts)
			default:
				return checkKind(opts.game)
			}
			if err := opts.checkGin(); err != nil {
				return err
			}
			return runExport(a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.weights, "weights", "weights.json", "the weights file (default weights: \""+players.DefaultWeights+"\"); with --game hearts --player mc, a Hearts weights file, whose habits weigh the deals")
	cmd.Flags().StringVarP(&opts.format, "format", "f", "json", "json, haskell or go")
	mustComplete(cmd, "format", fixedCompletion(exportFormats...))
	gameKindFlag(cmd, &opts.game, queries.GameGin, "gin (the weights file) or hearts (the Hearts games' rates)")
	cmd.Flags().StringVar(&opts.flavour, "flavour", "plain", "of --format haskell: plain, or fit2102 for the FIT2102 framework's types")
	mustComplete(cmd, "flavour", fixedCompletion(exportFlavours...))
	cmd.Flags().StringVar(&opts.name, "name", "", "module (haskell, default GinlogWeights, GinlogRollout with --player rollout, GinlogHearts with --game hearts --player mc) or package (go, default ginweights) name")
	cmd.Flags().StringVar(&opts.player, "player", "", "of --flavour fit2102: rollout writes ginlog's rollout player itself, not tables; of --game hearts: mc writes the Monte Carlo Hearts player")
	mustComplete(cmd, "player", fixedCompletion(exportAllPlayers...))
	cmd.Flags().StringVar(&opts.out, "out", "", "with --player rollout or mc: the folder to write the module and a Player.hs that plays it into (made if missing)")
	return cmd
}

// exportLong is export's long help, the formats and the Hearts export.
const exportLong = `Export writes a weights file (from ginlog fit) for a bot to use:

  json     the weights file itself, checked and normalised
  haskell  one self-contained Safe Haskell module (compiles under -Wall
           -Werror) with typed tables and documented lookup functions:
           opponentTakeProbability, meldProbability, knockWinProbability,
           shouldKnock, handValue, ...; paste it into a single-file
           Player.hs without its module header
           --flavour fit2102: a module for the FIT2102 framework's own
           types (Card, Rank, Suit, Draw, Meld): a Tracker of the round
           kept in the memory string (trackPick, trackPlay, trackDiscard,
           showTracker, readTracker), the meld search (handDeadwood,
           bestMelds, discardOptions) and the weights over cards
           (opponentTakes, feedingRisk, meldChance, shouldKnock,
           handValue, valueAhead); lines under 80 columns; its header
           says how to paste it into Player.hs (docs/haskell.md)
  go       a self-contained Go source file (no imports) with the weights
           as package-level values, PhaseOf and ShouldKnock

           --player rollout: not tables but ginlog's rollout player
           itself, decision for decision (pickCard, playCard and
           makeMelds as rolloutPickCard, rolloutPlayCard and
           rolloutMakeMelds), the round kept in the memory; with --out
           DIR it writes DIR/GinlogRollout.hs and a DIR/Player.hs that
           plays it; needs weights of format version 3 or later
  go       a self-contained Go source file (no imports) with the weights
           as package-level values, PhaseOf and ShouldKnock

--name sets the Haskell module or the Go package name.

The weights are checked first: every table of its shape, every number
finite and in range. The haskell and go exports also check the policy a bot
relies on (Gin always taken; a knock or a hand never better at more
deadwood) and refuse weights fitted before it was guaranteed: fit them
again. Every text of the file that reaches the code (docs, filters) is
escaped for the target language.

` + heartsExportHelp + "\n\n" + heartsPlayerHelp

// exportExample shows export's common uses.
const exportExample = `  ginlog export --weights weights.json --format haskell > GinlogWeights.hs
  ginlog export --weights weights.json --format haskell --flavour fit2102 > submission/GinlogWeights.hs
  ginlog export --weights weights.json --format haskell --flavour fit2102 --player rollout --out submission
  ginlog export --weights weights.json --format go --name ginweights > weights.go
  ginlog export --game hearts --format haskell --name HeartsRates > HeartsRates.hs
  ginlog export --game hearts --player mc --out staticgame
  ginlog export --game hearts --player mc --weights hearts-weights.json --out staticgame`

// checkGin checks the format, flavour and name of a Gin Rummy export, and
// sets the name's default for the format.
func (o *exportOptions) checkGin() error {
	if err := oneOf("--flavour", "flavour", o.flavour, exportFlavours...); err != nil {
		return err
	}
	if o.flavour != "plain" && o.format != "haskell" {
		return usagef("--flavour is for --format haskell, not %s", o.format)
	}
	switch {
	case o.player == "" && o.out != "":
		return usagef("--out is for --player rollout: the folder to write its module and Player.hs into")
	case o.player == "":
	case o.flavour != "fit2102":
		return usagef("--player is for --format haskell --flavour fit2102")
	case o.player != "":
		if err := oneOf("--player", "player", o.player, exportPlayers...); err != nil {
			return err
		}
	}
	switch o.format {
	case "json":
	case "haskell":
		o.name = orDefault(o.name, map[string]string{"": "GinlogWeights", "rollout": "GinlogRollout"}[o.player])
		if err := export.CheckHaskellModule(o.name); err != nil {
			return usagef("--name: %v", err)
		}
	case "go":
		o.name = orDefault(o.name, "ginweights")
		if err := export.CheckGoPackage(o.name); err != nil {
			return usagef("--name: %v", err)
		}
	default:
		return oneOf("--format", "format", o.format, exportFormats...)
	}
	return nil
}

func runExport(a *app, opts exportOptions) error {
	w, err := players.LoadWeights(opts.weights)
	if err != nil {
		return usagef("--weights: %v", err)
	}
	if opts.format == "json" {
		return w.Save(a.out)
	}
	if err := w.CheckPolicy(); err != nil {
		return usagef("--weights: %s: %v", opts.weights, err)
	}
	if opts.format == "haskell" {
		if opts.player == "rollout" {
			return exportRollout(a, w, opts)
		}
		if opts.flavour == "fit2102" {
			return export.HaskellFIT2102(a.out, w, opts.name)
		}
		return export.Haskell(a.out, w, opts.name)
	}
	return export.Go(a.out, w, opts.name)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
