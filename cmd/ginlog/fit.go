package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ginlog/ginlog/internal/safefile"
	"github.com/ginlog/ginlog/model"
	"github.com/ginlog/ginlog/model/fit"
	"github.com/ginlog/ginlog/players"
	"github.com/ginlog/ginlog/queries"
	"github.com/ginlog/ginlog/render"
	"github.com/ginlog/ginlog/schema"
	"github.com/ginlog/ginlog/selection"
	"github.com/ginlog/ginlog/store"
	"github.com/spf13/cobra"
)

type fitOptions struct {
	fit      fit.Options
	filters  selection.Filters
	out      string
	evaluate bool
	weights  string // with evaluate: the weights to evaluate instead of fitting
	format   render.Format
	maxGames int // the most games read; more are sampled (0: all)
}

func newFitCmd(a *app) *cobra.Command {
	var (
		opts    fitOptions
		ff      filterFlags
		format  string
		game    string
		players []string
	)
	cmd := &cobra.Command{
		Use:     "fit",
		Short:   "Fit the tuned player's weights from the verified games",
		Long:    fitLong(),
		Example: fitExample,
		Args:    argsRange(0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			var err error
			if opts.filters, err = ff.parse(); err != nil {
				return err
			}
			switch game {
			case queries.GameHearts:
				if err := checkFitHearts(cmd); err != nil {
					return err
				}
				return runFitHearts(cmd.Context(), a, opts, players)
			case queries.GameGin:
				if len(players) > 0 {
					return usagef("--player is for Hearts games: give --game hearts with it (Gin's fit reads --who)")
				}
			default:
				return checkKind(game)
			}
			if !(opts.fit.L2 > 0 && opts.fit.L2 <= model.MaxL2) {
				return usagef("--l2: want more than 0 and at most %g, got %g", model.MaxL2, opts.fit.L2)
			}
			if opts.format, err = parseFormat(format); err != nil {
				return err
			}
			if opts.maxGames < 0 {
				return usagef("--max-games: want 0 (every game) or more, got %d", opts.maxGames)
			}
			if opts.weights != "" && !opts.evaluate {
				return usagef("--weights names the weights --evaluate measures: it needs --evaluate")
			}
			opts.fit.Who = opts.filters.Who
			opts.fit.Filters = filterMap(opts.filters)
			return runFit(cmd.Context(), a, opts)
		},
	}
	cmd.Flags().StringVarP(&opts.out, "out", "o", "weights.json", "the weights file to write")
	cmd.Flags().BoolVar(&opts.evaluate, "evaluate", false, "measure the inference model on the held-out games and print it")
	cmd.Flags().StringVar(&opts.weights, "weights", "", "with --evaluate: measure this weights file's inference model instead of fitting")
	formatFlag(cmd, &format, "the format of --evaluate's tables")
	cmd.Flags().IntVar(&opts.maxGames, "max-games", fit.DefaultMaxGames, "the most games to read: a larger selection is sampled by a hash of the game's ID (0: read them all)")
	cmd.Flags().Float64Var(&opts.fit.L2, "l2", 1, "L2 penalty of the draw model's coefficients (not the intercept)")
	ff.register(a, cmd, filterWho)
	gameKindFlag(cmd, &game, queries.GameGin, "the games to fit: gin (the tuned players' weights) or hearts (the habits of mc:PATH)")
	cmd.Flags().StringArrayVar(&players, "player", nil, "hearts: count only this player's plays (repeat for more; default: every player's)")
	return cmd
}

// fitLong is fit's long help: the sections of the weights file, the
// phases, the held-out games --evaluate measures and the sampling of
// --max-games.
func fitLong() string {
	return `Fit reads the games the filters select that verify found no violation in
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
  inference     the hand-inference model: for each card the player has not
                seen, the chance that the modelled player holds it, from
                what the player has seen of the round
  hand_policy   how the modelled player plays given its real hand: its take
                rate by the face-up card's relation to its hand, its call
                rate by its deadwood, how often its discard left the least
                deadwood
  race_values   hand values by the modelled player's deadwood too

A phase is a span of the stock left when the turn begins:
` + strings.Join(model.PhaseNames[:], ", ") + ` cards. Small cells are shrunk
towards pooled priors (each section's doc in the file says exactly how), and
fit warns about the tables that rest mostly on their priors. The same games
and flags give the same numbers. The file records what it was fitted on;
ginlog export turns it into code for a bot, and ginlog simulate plays it as
tuned:PATH.

The inference model is fitted on nine games in ten: one in ten, chosen by
a hash of the game's ID, is held out. --evaluate then measures it on those
held-out games: log loss and Brier score per unseen card, against the
uniform (every unseen card equally likely) and a hand-written Bayesian
filter, by phase; the model's gains with 95% intervals (games as
clusters); and its calibration in ten bins of predicted probability.
--evaluate --weights PATH measures the model of an existing weights file
on the held-out games the filters select, without fitting.

A selection of more than --max-games games (100,000 by default; 0 reads
them all) is sampled: fit reads about that many, chosen by a hash of the
game's ID, so the same database gives the same sample, spread evenly over
its opponents, sources and time. The tables are averages over millions of
plays by then, and the fit's time grows with the games it reads; the
weights file records the sample. The inference model learns from at most
about 32,768 of the games read, past which its held-out log loss no
longer moves.

` + fitHeartsHelp
}

// fitExample shows fit's common uses.
const fitExample = `  ginlog fit --opponent bot7 --out bot7.json
  ginlog fit --who both --since 2020-11-01
  ginlog fit --opponent bot7 --evaluate --format markdown
  ginlog fit --opponent bot7 --evaluate --weights bot7.json
  ginlog simulate --players tuned:weights.json,simple --games 10000 --mirror --no-logs
  ginlog fit --game hearts --out hearts-weights.json
  ginlog simulate --game hearts --players mc:hearts-weights.json,voids,voids,voids --no-logs`

// filterMap records the filters that select the games, for the provenance.
func filterMap(f selection.Filters) map[string]string {
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
	if opts.weights == "" {
		// Refused before the fit, which may take minutes, not after it.
		if err := safefile.Check(opts.out); err != nil {
			return outError("--out", err)
		}
	}
	db, err := a.openReadOnly(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	selected, err := selection.GameIDs(ctx, db.DB, opts.filters)
	if err != nil {
		return err
	}
	filter := store.Filter{Filters: opts.filters, Clean: true}
	// With no clean game selected, the games' sequence says so, as the fit
	// reads it.
	clean, cleanErr := store.GameIDs(ctx, db.DB, filter)
	if cleanErr == nil && opts.maxGames > 0 && len(clean) > opts.maxGames {
		filter.Keep = fit.Sample(clean, opts.maxGames)
		kept := 0
		for _, id := range clean {
			if filter.Keep(id) {
				kept++
			}
		}
		fmt.Fprintf(a.err, "fit: reading a sample of %s of the %s selected (--max-games %d; 0 reads them all)\n",
			plural(kept, "game"), plural(len(clean), "verified game"), opts.maxGames)
		opts.fit.Filters["sample"] = fmt.Sprintf("%d of %d games by a hash of the id", kept, len(clean))
	}
	games := store.Games(ctx, db.DB, filter)
	if opts.weights != "" {
		w, err := players.LoadWeights(opts.weights)
		if err != nil {
			return usagef("--weights: %v", err)
		}
		return evaluateInference(ctx, a, opts, w, games)
	}
	opts.fit.SchemaVersion = schema.Latest()
	opts.fit.CreatedAt = time.Now()
	res, err := fit.Fit(ctx, games, opts.fit)
	if err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	if left := len(selected) - len(clean); cleanErr == nil && left > 0 {
		fmt.Fprintf(a.err, "fit: %d of the %d selected games left out: not verified yet, or with violations (see ginlog games)\n", left, len(selected))
	}
	w := res.Weights
	if err := safefile.Write(opts.out, 0o644, w.Save); err != nil {
		return outError("--out", err)
	}
	// With --evaluate, the evaluation is the output: the summary goes to
	// stderr, so that --format json prints one document.
	summary := a.out
	if opts.evaluate {
		summary = a.err
	}
	fmt.Fprintf(summary, "fitted %s from %s, %s, %s\n", opts.out, plural(w.Provenance.Games, "game"), plural(w.Provenance.Rounds, "round"), plural(w.Provenance.Plays, "play"))
	fmt.Fprintf(summary, "draw model: %s, opponent gain %.2f deadwood per take\n", plural(w.DrawModel.Samples, "offer"), w.DrawModel.OpponentGain)
	fmt.Fprintf(summary, "draw policy: a stock draw saves %.2f deadwood on average (%s)\n", w.DrawPolicy.StockGain, plural(w.DrawPolicy.Samples, "draw"))
	probs := make([]string, model.NumPhases)
	for ph, p := range w.KnockPolicy.WinProbability[model.NumKnockDeadwoods-1] {
		probs[ph] = fmt.Sprintf("%.2f", p)
	}
	fmt.Fprintf(summary, "knock policy: P(win) at deadwood 10 by phase (%s stock left) %s\n",
		strings.Join(model.PhaseNames[:], ", "), strings.Join(probs, "/"))
	printInference(a, summary, res)
	for _, s := range res.Support {
		if s.MostlyPrior() {
			fmt.Fprintf(a.err, "warning: %s rests mostly on its prior (%.0f%% prior where an average sample falls): %d %s from %d games\n",
				s.Table, 100*s.PriorShare, s.Samples, s.Unit, s.Games)
		}
	}
	if opts.evaluate {
		return evaluateInference(ctx, a, opts, w, games)
	}
	return nil
}

// printInference says how the inference model was fitted.
func printInference(a *app, out io.Writer, res *fit.Result) {
	s := res.Inference
	if res.InferenceUniform {
		fmt.Fprintf(a.err, "warning: inference: no decision to learn from in the %s not held out: the model is the uniform\n", plural(s.Games, "game"))
		return
	}
	fmt.Fprintf(out, "inference: fitted on %s (%s, %s), the held-out games left for --evaluate", plural(s.Games, "game"), plural(s.Decisions, "decision"), plural(s.Steps, "step"))
	if s.ValidationGames == 0 {
		fmt.Fprintln(out, "; too few games to set validation games aside")
		return
	}
	fmt.Fprintf(out, "; log loss per unseen card %.4f against the uniform's %.4f on %s (weights shrunk by %.1f)\n",
		s.ValidationLogLoss, s.UniformLogLoss, plural(s.ValidationGames, "validation game"), s.Shrink)
}
