package main

import (
	"github.com/ginlog/ginlog/model"
	"github.com/spf13/cobra"
)

type exportOptions struct {
	weights string
	format  string
	name    string
}

func newExportCmd(a *app) *cobra.Command {
	var opts exportOptions
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Export fitted weights as JSON, a Haskell module or Go source",
		Long: `Export writes a weights file (from ginlog fit) for a bot to use:

  json     the weights file itself, checked and normalised
  haskell  one self-contained Safe Haskell module (compiles under -Wall
           -Werror) with typed tables and documented lookup functions:
           opponentTakeProbability, meldProbability, knockWinProbability,
           shouldKnock, handValue, ...; paste it into a single-file
           Player.hs without its module header
  go       a Go source file with the weights as package-level values

--name sets the Haskell module or the Go package name.`,
		Example: `  ginlog export --weights weights.json --format haskell > GinlogWeights.hs
  ginlog export --weights weights.json --format go --name ginweights > weights.go`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch opts.format {
			case "json", "haskell", "go":
			default:
				return usagef("--format: want json, haskell or go, got %q", opts.format)
			}
			return runExport(a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.weights, "weights", "weights.json", "the weights file (default weights: \"default\")")
	cmd.Flags().StringVar(&opts.format, "format", "json", "json, haskell or go")
	cmd.Flags().StringVar(&opts.name, "name", "", "module (haskell, default GinlogWeights) or package (go, default ginweights) name")
	return cmd
}

func runExport(a *app, opts exportOptions) error {
	w := model.Defaults()
	if opts.weights != "default" {
		var err error
		if w, err = model.Load(opts.weights); err != nil {
			return err
		}
	}
	switch opts.format {
	case "haskell":
		return model.ExportHaskell(a.out, w, orDefault(opts.name, "GinlogWeights"))
	case "go":
		return model.ExportGo(a.out, w, orDefault(opts.name, "ginweights"))
	}
	return w.Save(a.out)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
