package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/fit"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/replay/store"
	"github.com/ginlog/ginlog/schema"
	"github.com/spf13/cobra"
)

type fitOptions struct {
	fit     fit.Options
	filters queries.Filters
	out     string
}

func newFitCmd(a *app) *cobra.Command {
	var (
		opts fitOptions
		ff   filterFlags
	)
	cmd := &cobra.Command{
		Use:   "fit",
		Short: "Fit the tuned player's weights from the verified games",
		Long: `Fit reads the games the filters select that verify found no violation in
(games not verified yet, or breaking a rule, are left out and counted on
stderr) and writes a weights file with these sections:

  draw_model    the chance that the modelled player (--who, opp by default)
                takes the face-up card: a logistic regression with an L2
                penalty (--l2) on the card's rank, its relation to the cards
                that player is known to hold, and the phase; and what a take
                saves it
  keep_values   how often a deadwood card ends the round in a meld, by rank
                group, relation to the rest of the hand and phase
  knock_policy  how often a knock won and what it brought, by deadwood and
                phase: Gin is always taken, and a knock never looks better
                at more deadwood than at less
  draw_policy   what a stock draw saves on average
  hand_values   what holding an optimal deadwood in a phase was worth, in net
                points: never more for more deadwood
  opponent      how often the modelled player ends the round at its turns,
                how often with Gin, and its knock deadwood, by phase

A phase is a span of the stock left when the turn begins:
` + strings.Join(model.PhaseNames[:], ", ") + ` cards. Small cells are shrunk
towards pooled priors (each section's doc in the file says exactly how), and
fit warns about the tables that rest mostly on their priors. The same games
and flags give the same numbers. The file records what it was fitted on;
ginlog export turns it into code for a bot, and ginlog simulate plays it as
tuned:PATH.`,
		Example: `  ginlog fit --opponent bot7 --out bot7.json
  ginlog fit --who both --since 2020-11-01
  ginlog simulate --players tuned:weights.json,simple --games 10000 --mirror --no-logs`,
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.filters, err = ff.parse(); err != nil {
				return err
			}
			if !(opts.fit.L2 > 0 && opts.fit.L2 <= model.MaxL2) {
				return usagef("--l2: want more than 0 and at most %g, got %g", model.MaxL2, opts.fit.L2)
			}
			opts.fit.Who = opts.filters.Who
			opts.fit.Filters = filterMap(opts.filters)
			return runFit(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVarP(&opts.out, "out", "o", "weights.json", "the weights file to write")
	cmd.Flags().Float64Var(&opts.fit.L2, "l2", 1, "L2 penalty of the draw model's coefficients (not the intercept)")
	ff.register(a, cmd, filterWho)
	return cmd
}

// filterMap records the filters that select the games, for the provenance.
func filterMap(f queries.Filters) map[string]string {
	m := map[string]string{}
	if f.Opponent != "" {
		m["opponent"] = f.Opponent
	}
	if f.Source != "" {
		m["source"] = f.Source
	}
	if f.Since != 0 {
		m["since"] = fmt.Sprint(f.Since)
	}
	if f.Until != 0 {
		m["until"] = fmt.Sprint(f.Until)
	}
	if f.Game != 0 {
		m["game"] = fmt.Sprint(f.Game)
	}
	return m
}

func runFit(ctx context.Context, a *app, opts fitOptions) error {
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	selected, err := queries.GameIDs(ctx, db.DB, opts.filters)
	if err != nil {
		return err
	}
	opts.fit.SchemaVersion = schema.Latest()
	opts.fit.CreatedAt = time.Now()
	res, err := fit.Fit(store.Games(ctx, db.DB, store.Filter{Filters: opts.filters, Clean: true}), opts.fit)
	if err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	if left := len(selected) - res.Weights.Provenance.Games; left > 0 {
		fmt.Fprintf(a.err, "fit: %d of the %d selected games left out: not verified yet, or with violations (see ginlog games)\n", left, len(selected))
	}
	w := res.Weights
	if err := safefile.Write(opts.out, 0o644, w.Save); err != nil {
		return outError("--out", err)
	}
	fmt.Fprintf(a.out, "fitted %s from %s, %s, %s\n", opts.out, plural(w.Provenance.Games, "game"), plural(w.Provenance.Rounds, "round"), plural(w.Provenance.Plays, "play"))
	fmt.Fprintf(a.out, "draw model: %s, opponent gain %.2f deadwood per take\n", plural(w.DrawModel.Samples, "offer"), w.DrawModel.OpponentGain)
	fmt.Fprintf(a.out, "draw policy: a stock draw saves %.2f deadwood on average (%s)\n", w.DrawPolicy.StockGain, plural(w.DrawPolicy.Samples, "draw"))
	probs := make([]string, model.NumPhases)
	for ph, p := range w.KnockPolicy.WinProbability[model.NumKnockDeadwoods-1] {
		probs[ph] = fmt.Sprintf("%.2f", p)
	}
	fmt.Fprintf(a.out, "knock policy: P(win) at deadwood 10 by phase (%s stock left) %s\n",
		strings.Join(model.PhaseNames[:], ", "), strings.Join(probs, "/"))
	for _, s := range res.Support {
		if s.MostlyPrior() {
			fmt.Fprintf(a.err, "warning: %s rests mostly on its prior (%.0f%% prior where an average sample falls): %d %s from %d games\n",
				s.Table, 100*s.PriorShare, s.Samples, s.Unit, s.Games)
		}
	}
	return nil
}
