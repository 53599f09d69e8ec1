package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/schema"
	"github.com/spf13/cobra"
)

type fitOptions struct {
	fit model.FitOptions
	out string
}

func newFitCmd(a *app) *cobra.Command {
	var (
		opts fitOptions
		ff   filterFlags
	)
	cmd := &cobra.Command{
		Use:   "fit",
		Short: "Fit the tuned player's weights from the verified games",
		Long: `Fit reads the verified games the filters select and writes a weights file:
an opponent draw model (regularised logistic regression of the face-up
takes by --who, opp by default), card keep values (how often a deadwood card
ends the round in a meld, by rank group, relation to the hand and phase),
a knock policy (how often a knock wins, by deadwood and phase) and a draw
policy (what a stock draw saves on average). The file records what it was
fitted on; ginlog export turns it into code for a bot, and ginlog simulate
plays it as tuned:PATH.`,
		Example: `  ginlog fit --opponent bot7 --out bot7.json
  ginlog fit --who both --since 2020-11-01
  ginlog simulate --players tuned:weights.json,simple --games 10000 --mirror --no-logs`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.fit.Filters, err = ff.parse(); err != nil {
				return err
			}
			return runFit(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVar(&opts.out, "out", "weights.json", "the weights file to write")
	cmd.Flags().Float64Var(&opts.fit.L2, "l2", 1, "L2 penalty of the draw model's coefficients (not the intercept)")
	ff.register(cmd)
	return cmd
}

func runFit(ctx context.Context, a *app, opts fitOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	opts.fit.SchemaVersion = schema.Latest()
	w, err := model.Fit(ctx, db.DB, opts.fit)
	if err != nil {
		return err
	}
	if err := safefile.Write(opts.out, 0o644, w.Save); err != nil {
		return outError("--out", err)
	}
	fmt.Fprintf(a.out, "fitted %s from %d games, %d rounds, %d plays\n", opts.out, w.Provenance.Games, w.Provenance.Rounds, w.Provenance.Plays)
	fmt.Fprintf(a.out, "draw model: %d offers, opponent gain %.2f deadwood per take\n", w.DrawModel.Samples, w.DrawModel.OpponentGain)
	fmt.Fprintf(a.out, "draw policy: a stock draw saves %.2f deadwood on average (%d draws)\n", w.DrawPolicy.StockGain, w.DrawPolicy.Samples)
	probs := make([]string, model.NumPhases)
	for ph, p := range w.KnockPolicy.WinProbability[10] {
		probs[ph] = fmt.Sprintf("%.2f", p)
	}
	fmt.Fprintf(a.out, "knock policy: P(win) at deadwood 10 by phase (%s stock left) %s\n",
		strings.Join(model.PhaseNames[:], ", "), strings.Join(probs, "/"))
	return nil
}
